all
rule 'MD024', :allow_different_nesting => true

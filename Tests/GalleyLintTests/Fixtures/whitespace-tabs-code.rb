all
rule 'MD010', :ignore_code_blocks => true

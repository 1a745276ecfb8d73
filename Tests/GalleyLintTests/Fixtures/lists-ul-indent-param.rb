all
rule 'MD007', :indent => 4

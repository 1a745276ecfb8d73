all
rule 'MD013', :line_length => 40, :ignore_code_blocks => true, :tables => false

all
rule 'MD009', :br_spaces => 2

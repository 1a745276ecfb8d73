all
rule 'MD041', :level => 2
rule 'MD002', :level => 2

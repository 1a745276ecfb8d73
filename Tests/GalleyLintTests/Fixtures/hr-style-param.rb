all
rule 'MD035', :style => '***'

all
rule 'MD004', :style => :sublist

all
rule 'MD004', :style => :dash

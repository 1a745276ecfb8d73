all
rule 'header-style', :style => :atx

all
rule 'MD003', :style => :setext

all
rule 'MD003', :style => :setext_with_atx

all
rule 'MD046', :style => :indented

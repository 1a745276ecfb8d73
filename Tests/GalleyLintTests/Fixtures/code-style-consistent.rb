all
rule 'MD046', :style => :consistent

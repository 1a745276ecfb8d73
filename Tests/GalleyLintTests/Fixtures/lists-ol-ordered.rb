all
rule 'MD029', :style => :ordered

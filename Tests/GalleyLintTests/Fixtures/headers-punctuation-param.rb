all
rule 'MD026', :punctuation => '.,;:!'

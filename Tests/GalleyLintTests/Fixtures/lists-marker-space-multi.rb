all
rule 'MD030', :ul_multi => 3, :ol_multi => 2

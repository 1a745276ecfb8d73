# The Markdown style of this repository's docs, checked by `galley check` (and by mdl).
all

# Prose wraps at 100 columns; code blocks and tables may not wrap without changing meaning.
rule 'MD013', :line_length => 100, :ignore_code_blocks => true, :tables => false

# Python-Markdown nests lists by four spaces.
rule 'MD007', :indent => 4

# FAQ headings end with a question mark.
rule 'MD026', :punctuation => '.,;:!'

# `md_in_html` blocks (figures with captions) are part of the docs' vocabulary.
exclude_rule 'MD033'

# The Markdown style of this repository's docs, checked by `galley check`, which finds
# nothing. mdl 0.12 with this file reports about 120 findings on the same docs, and they
# are mdl misreading the pages, not style problems: its Markdown reader (kramdown) does
# not take a fence whose info string has words after the language (```swift run expect)
# as a fence, so it reads the Swift inside as prose (MD013 on long code lines; MD018,
# MD022 and MD025 on a `#if` line), and it takes the fences inside admonitions and tabs,
# indented by four spaces, as indented code (MD046, about 107 of them).
all

# Prose wraps at 100 columns; code blocks and tables may not wrap without changing meaning.
rule 'MD013', :line_length => 100, :ignore_code_blocks => true, :tables => false

# Python-Markdown nests lists by four spaces.
rule 'MD007', :indent => 4

# FAQ headings end with a question mark.
rule 'MD026', :punctuation => '.,;:!'

# `md_in_html` blocks (figures with captions) are part of the docs' vocabulary.
exclude_rule 'MD033'

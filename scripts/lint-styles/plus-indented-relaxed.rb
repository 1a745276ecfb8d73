# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD004', :style => :plus
rule 'MD046', :style => :indented
rule 'MD007', :indent => 3
rule 'MD009', :br_spaces => 0
rule 'MD013', :line_length => 40, :tables => false
rule 'MD029', :style => :ordered
exclude_tag :headers

# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD003', :style => :atx
rule 'MD004', :style => :dash
rule 'MD013', :line_length => 60, :code_blocks => false, :tables => false
rule 'MD029', :style => :ordered

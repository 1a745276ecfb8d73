# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD035', :style => '---'
rule 'MD046', :style => :consistent
rule 'MD024', :allow_different_nesting => true
rule 'MD026', :punctuation => '.,;:!'
exclude_rule 'MD041'

# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD003', :style => :setext_with_atx
rule 'MD029', :style => :one
rule 'MD046', :style => :fenced
rule 'MD013', :line_length => 100, :ignore_code_blocks => true
rule 'MD030', :ul_single => 2, :ol_single => 2, :ul_multi => 3, :ol_multi => 3
rule 'MD025', :level => 2

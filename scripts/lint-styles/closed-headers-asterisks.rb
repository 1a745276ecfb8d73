# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD003', :style => :atx_closed
rule 'MD004', :style => :asterisk
rule 'MD035', :style => '***'
rule 'MD036', :punctuation => '.'
rule 'MD026', :punctuation => '?'
rule 'MD002', :level => 2
rule 'MD041', :level => 2
exclude_tag :html

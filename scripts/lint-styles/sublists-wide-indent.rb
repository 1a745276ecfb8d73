# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
all
rule 'MD003', :style => 'atx'
rule 'MD004', :style => :sublist
rule 'MD007', :indent => 4
rule 'MD009', :br_spaces => 2

// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// The system's cmark-gfm (Debian: libcmark-gfm-dev, libcmark-gfm-extensions-dev).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

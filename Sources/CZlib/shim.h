// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#include <zlib.h>

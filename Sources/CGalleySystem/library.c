// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// dladdr is a GNU extension that Swift's Glibc module does not show.
#define _GNU_SOURCE
#include <dlfcn.h>
#include "galley_system.h"

const char *galley_library_file(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return 0;
    return info.dli_fname;
}

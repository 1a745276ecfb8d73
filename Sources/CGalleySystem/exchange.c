// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Swift cannot call the variadic syscall(2), and glibc declares renameat2 only under
// _GNU_SOURCE, so this one call lives in C.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "galley_system.h"

int galley_exchange_names(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}

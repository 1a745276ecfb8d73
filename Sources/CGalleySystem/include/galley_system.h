// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#ifndef GALLEY_SYSTEM_H
#define GALLEY_SYSTEM_H

/// Exchanges the names `first` and `second` in one step (Linux renameat2 with
/// RENAME_EXCHANGE). Returns 0, or -1 with errno set; ENOSYS where the system lacks it.
int galley_exchange_names(const char *first, const char *second);

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (NULL: this process's environment) in `directory`
/// (NULL: here), in a new process group led by the child, with an empty signal mask and
/// default signal dispositions, standard input from /dev/null, standard output and error to
/// `output_fd`, and, when positive, an address-space limit of `memory_bytes` and a CPU-time
/// limit of `cpu_seconds`. When `group_fd` is not -1 it is an open `cgroup.procs` file: the
/// child moves itself into that control group before it execs, so that everything it starts
/// is counted there from the first byte. Returns the child's pid, or -1 with the error in
/// `error_out` (including a failed exec, chdir or move in the child).
pid_t galley_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int output_fd, long memory_bytes, long cpu_seconds, int group_fd, int *error_out);

/// The file of the shared library that holds `address` (a function or table in it), or NULL.
/// The string belongs to the loader and lives as long as the library stays loaded.
const char *galley_library_file(const void *address);

#endif

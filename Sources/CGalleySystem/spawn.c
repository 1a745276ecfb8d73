// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// Starting a child in a process group of its own, with a clean signal state and resource
// limits, needs calls between fork and exec that Foundation's Process does not make; they
// are async-signal-safe, so they live here, in C, where nothing else runs in the child.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "galley_system.h"

extern char **environ;

// A pipe whose ends close on exec. Linux makes it in one call; elsewhere (macOS has no
// pipe2) the flag is set right after, which is safe here because galley starts its children
// through this file alone.
static int pipe_closing_on_exec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
#define GALLEY_HAS_SPAWN_CHDIR 1
#endif

#if GALLEY_HAS_SPAWN_CHDIR
// The same start without fork: posix_spawn lends the child galley's memory until it execs
// (glibc clones with CLONE_VM | CLONE_VFORK), where fork copies the page tables of the whole
// process and exec then tears the copy down. From a galley holding a site in memory that
// cost 20-40 ms per child (the compiler, the linker, each program), which a preview pays on
// every snippet edit. posix_spawn cannot set resource limits or join a control group, so a
// child that needs those is started by fork below.
static pid_t spawn_without_fork(const char *path, char *const argv[], char *const envp[], const char *directory,
                                int output_fd, int *error_out) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigfillset(&defaults);
    sigdelset(&defaults, SIGKILL);
    sigdelset(&defaults, SIGSTOP);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, output_fd, 2);
    if (output_fd > 2) posix_spawn_file_actions_addclose(&actions, output_fd);
    if (directory) posix_spawn_file_actions_addchdir_np(&actions, directory);
    pid_t pid = -1;
    int code = posix_spawn(&pid, path, &actions, &attributes, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (code != 0) {
        *error_out = code;
        return -1;
    }
    return pid;
}
#endif

pid_t galley_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                   int output_fd, long memory_bytes, long cpu_seconds, int group_fd, int *error_out) {
#if GALLEY_HAS_SPAWN_CHDIR
    if (memory_bytes <= 0 && cpu_seconds <= 0 && group_fd < 0) {
        return spawn_without_fork(path, argv, envp, directory, output_fd, error_out);
    }
#endif
    int report[2];
    if (pipe_closing_on_exec(report) != 0) {
        *error_out = errno;
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        *error_out = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
        }
        // "0" names the writer itself; a child that could not join its group must not run
        // outside the limit it was meant to be under.
        if (group_fd >= 0 && write(group_fd, "0", 1) != 1) {
            int code = errno;
            (void)!write(report[1], &code, sizeof code);
            _exit(127);
        }
        if (memory_bytes > 0) {
            struct rlimit limit = { (rlim_t)memory_bytes, (rlim_t)memory_bytes };
            setrlimit(RLIMIT_AS, &limit);
        }
        if (cpu_seconds > 0) {
            struct rlimit limit = { (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1 };
            setrlimit(RLIMIT_CPU, &limit);
        }
        int input = open("/dev/null", O_RDONLY);
        if (input >= 0) { dup2(input, 0); if (input > 2) close(input); }
        dup2(output_fd, 1);
        dup2(output_fd, 2);
        if (output_fd > 2) close(output_fd);
        if (directory && chdir(directory) != 0) {
            int code = errno;
            (void)!write(report[1], &code, sizeof code);
            _exit(127);
        }
        execve(path, argv, envp ? envp : environ);
        int code = errno;
        (void)!write(report[1], &code, sizeof code);
        _exit(127);
    }
    close(report[1]);
    // The parent also sets the group, so it exists before either side goes on.
    setpgid(pid, pid);
    int code = 0;
    ssize_t got;
    do { got = read(report[0], &code, sizeof code); } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == sizeof code) {
        *error_out = code;
        int status;
        waitpid(pid, &status, 0);
        return -1;
    }
    return pid;
}

// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The C that starts every snippet program: before the page's code runs, the process makes
/// itself a child subreaper and forks; the child runs the page, and the parent stays behind
/// as its shepherd.
///
/// A process group does not hold a program's descendants: one started with `setsid` (as
/// Foundation's `Process` and `setsid(1)` do) leaves the group, and when its parent ends it
/// would be adopted by init and live on after galley. Under a subreaper every orphaned
/// descendant is adopted by the shepherd instead, whatever group or session it made, so
/// when the page's code ends the shepherd finds every one of them among its own children,
/// names each on the output (marker lines the run transcript reads), kills it, and adopts
/// and kills its children in turn until none is left. It then ends as the page's code did:
/// the same exit status, or the same signal.
///
/// The shepherd lives in the program rather than in galley so that it works the same under
/// the sandbox, whose PID namespace is the sandbox's own, and so that runs side by side each
/// have their own. Told to stop (SIGTERM, which a time-out or Ctrl-C sends to the group), it
/// ends everything under it before it ends.
enum ProgramShepherd {
    /// Changes whenever the C below does, so programs linked with an older one are rebuilt.
    static let version = "2"

    /// The marker lines' kind: a process left running when the page's code ended.
    static let leftKind = "left"

    /// C functions for the dispatcher's translation unit; `galley_shepherd()` returns in the
    /// child that goes on to run the page, and never in the shepherd.
    static let source = #"""
    #include <dirent.h>
    #include <errno.h>
    #include <fcntl.h>
    #include <signal.h>
    #include <sys/prctl.h>
    #include <sys/resource.h>
    #include <sys/wait.h>
    #include <unistd.h>

    static volatile sig_atomic_t galley_stop_signal = 0;
    static const char *galley_marker = "";

    static void galley_on_stop(int number) { galley_stop_signal = number; }

    /* The parent pid and state of `pid`, from /proc/PID/stat; 0 when it is gone. */
    static int galley_stat(pid_t pid, pid_t *parent, char *state) {
        char path[64], text[512];
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) return 0;
        ssize_t got = read(fd, text, sizeof text - 1);
        close(fd);
        if (got <= 0) return 0;
        text[got] = 0;
        char *end = strrchr(text, ')');
        if (!end || sscanf(end + 1, " %c %d", state, parent) != 2) return 0;
        return 1;
    }

    /* The children of this process (the shepherd), alive or not yet reaped. */
    static int galley_children(pid_t *found, int capacity) {
        pid_t self = getpid();
        int count = 0;
        DIR *proc = opendir("/proc");
        if (!proc) return 0;
        struct dirent *entry;
        while ((entry = readdir(proc)) && count < capacity) {
            char *rest;
            long pid = strtol(entry->d_name, &rest, 10);
            pid_t parent;
            char state;
            if (*rest || pid <= 0 || !galley_stat((pid_t)pid, &parent, &state)) continue;
            if (parent == self) found[count++] = (pid_t)pid;
        }
        closedir(proc);
        return count;
    }

    /* Prints a marker line naming `pid` and its command line. */
    static void galley_name(const char *kind, pid_t pid) {
        char path[64], command[512];
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
        ssize_t got = 0;
        /* A process in the middle of exec has no command line for a moment: the page's code
           ended right after starting it. It is read again for up to 50 ms, so it is named by
           what it runs (and killed only then), rather than as a bare number. */
        for (int attempt = 0; attempt < 50 && got <= 0; attempt++) {
            if (attempt > 0) usleep(1000);
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0) break;
            got = read(fd, command, sizeof command - 1);
            close(fd);
        }
        if (got < 0) got = 0;
        while (got > 0 && command[got - 1] == 0) got--;
        for (ssize_t i = 0; i < got; i++) if (command[i] == 0 || command[i] == '\n') command[i] = ' ';
        command[got] = 0;
        if (got == 0) snprintf(command, sizeof command, "process %d", (int)pid);
        dprintf(1, "\036galley-%s %s %d %s\n", kind, galley_marker, (int)pid, command);
    }

    /* Names (as `kind`, unless NULL) and kills every process under the shepherd, adopting the
       children of each one killed, until none is left. */
    static void galley_sweep(const char *kind) {
        pid_t named[256];
        int namedCount = 0;
        for (int round = 0; round < 1000; round++) {
            pid_t children[256];
            int count = galley_children(children, 256);
            int alive = 0;
            for (int i = 0; i < count; i++) {
                pid_t parent;
                char state = 'Z';
                galley_stat(children[i], &parent, &state);
                if (state == 'Z' || state == 'X') { waitpid(children[i], NULL, WNOHANG); continue; }
                alive++;
                int seen = 0;
                for (int j = 0; j < namedCount; j++) if (named[j] == children[i]) seen = 1;
                if (kind && !seen && namedCount < 256) { named[namedCount++] = children[i]; galley_name(kind, children[i]); }
                kill(children[i], SIGKILL);
            }
            while (waitpid(-1, NULL, WNOHANG) > 0) {}
            if (count == 0) return;
            if (alive == 0) continue;
            usleep(1000);
        }
    }

    /* Forks; returns in the child, which runs the page. The parent shepherds it and exits as
       it did. Without a marker (not started by galley) the program runs as it is. */
    static void galley_shepherd(void) {
        const char *marker = getenv("GALLEY_MARKER");
        if (!marker || !*marker) return;
        galley_marker = marker;
        if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) return;
        fflush(NULL);
        pid_t page = fork();
        if (page < 0) return;
        if (page == 0) {
            prctl(PR_SET_CHILD_SUBREAPER, 0);
            return;
        }
        struct sigaction stop;
        memset(&stop, 0, sizeof stop);
        stop.sa_handler = galley_on_stop;
        sigaction(SIGTERM, &stop, NULL);
        sigaction(SIGINT, &stop, NULL);
        sigaction(SIGHUP, &stop, NULL);
        int status = 0;
        for (;;) {
            if (galley_stop_signal) {
                /* Told to stop: end everything under it (galley has named what was running). */
                galley_sweep(NULL);
                signal(galley_stop_signal, SIG_DFL);
                raise(galley_stop_signal);
                _exit(128 + galley_stop_signal);
            }
            pid_t done = waitpid(page, &status, 0);
            if (done == page) break;
            if (done < 0 && errno != EINTR) break;
        }
        galley_sweep("left");
        if (WIFSIGNALED(status)) {
            int number = WTERMSIG(status);
            struct rlimit none = { 0, 0 };
            setrlimit(RLIMIT_CORE, &none);
            signal(number, SIG_DFL);
            sigset_t only;
            sigemptyset(&only);
            sigaddset(&only, number);
            sigprocmask(SIG_UNBLOCK, &only, NULL);
            raise(number);
            _exit(128 + number);
        }
        _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
    }

    """#
}

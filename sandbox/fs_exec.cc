/* fs-exec: the runner's launcher for one run (plain C, compiled with `cc -x c`; .cc only so packaging ships it).
 *
 * usage: fs-exec DIR UID CPU_S AS_BYTES FSIZE NPROC NOFILE -- ARGV...
 *
 * The Python runner spawns this with posix_spawn (vfork: no copy of the runner's memory, which
 * is what made a Python-level fork cost milliseconds). It forks once more so the program starts
 * from a small process (a clean peak-memory figure), applies the rlimits, drops to UID and execs.
 * It waits for the program and writes "status cpu_us maxrss_kb exec_errno" to fd 3.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void limit(int resource, unsigned long long value) {
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)value;
    if (setrlimit(resource, &rl) != 0) _exit(126);
}

int main(int argc, char **argv) {
    if (argc < 10 || strcmp(argv[8], "--") != 0) {
        fprintf(stderr, "fs-exec: bad arguments\n");
        return 125;
    }
    const char *dir = argv[1];
    long uid = atol(argv[2]);
    unsigned long long cpu = strtoull(argv[3], 0, 10), as = strtoull(argv[4], 0, 10);
    unsigned long long fsize = strtoull(argv[5], 0, 10), nproc = strtoull(argv[6], 0, 10);
    unsigned long long nofile = strtoull(argv[7], 0, 10);
    char **prog = argv + 9;

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return 125;
    fcntl(3, F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) return 125;
    if (pid == 0) {
        close(fds[0]);
        int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            /* when memory runs out, the program is the one to go, never the runner */
            if (write(fd, "1000", 4) < 0) {}
            close(fd);
        }
        if (chdir(dir) != 0) _exit(126);
        /* SIGXCPU at the limit, SIGKILL a second later if the program ignores it */
        struct rlimit cpu_rl = {(rlim_t)cpu, (rlim_t)cpu + 1};
        if (setrlimit(RLIMIT_CPU, &cpu_rl) != 0) _exit(126);
        limit(RLIMIT_AS, as);
        limit(RLIMIT_STACK, as);
        limit(RLIMIT_FSIZE, fsize);
        limit(RLIMIT_NOFILE, nofile);
        limit(RLIMIT_CORE, 0);
        if (uid >= 0) {
            if (setgroups(0, 0) != 0 || setresgid(uid, uid, uid) != 0 || setresuid(uid, uid, uid) != 0) _exit(126);
        }
        limit(RLIMIT_NPROC, nproc);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGXFSZ, SIG_DFL);
        execvp(prog[0], prog);
        int err = errno;
        if (write(fds[1], &err, sizeof err) < 0) {}
        _exit(127);
    }
    close(fds[1]);
    int exec_errno = 0;
    if (read(fds[0], &exec_errno, sizeof exec_errno) != sizeof exec_errno) exec_errno = 0;
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) return 125;
    }
    long long cpu_us = (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec +
                       (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
    char report[128];
    int n = snprintf(report, sizeof report, "%d %lld %ld %d\n", status, cpu_us, ru.ru_maxrss, exec_errno);
    if (write(3, report, n) < 0) return 125;
    return 0;
}

/* fs-exec: the runner's launcher for one run (plain C, compiled with `cc -x c`; .cc only so packaging ships it).
 *
 * usage: fs-exec DIR UID CPU_S AS_BYTES FSIZE NPROC NOFILE -- ARGV...
 *
 * The Python runner spawns this with posix_spawn (a vfork: the runner's memory is never copied,
 * which is what made a Python-level fork cost milliseconds). It forks once more so the program
 * starts from a tiny process (a clean peak-memory figure), applies the rlimits, drops to UID and
 * execs; then it waits and writes "status cpu_us maxrss_kb exec_errno clean\n" to fd 3.
 *
 * It is the program's child subreaper, so every process the program leaves behind (double forks
 * included) becomes its child: once the program is reaped, having no child at all (ECHILD) proves
 * nothing of the run is alive, and `clean` = 1 spares the runner a scan of /proc.
 *
 * On x86-64 it is built without libc (-nostdlib, raw system calls): glibc's start-up probes the
 * CPU with dozens of CPUID instructions, and in a virtual machine each one traps to the
 * hypervisor, which made this tiny launcher cost as much CPU as the program it starts.
 */
#if defined(__x86_64__) && defined(FS_NOLIBC)
#include <asm/unistd.h>
#include <linux/resource.h>
#define O_WRONLY 01
#define O_CLOEXEC 02000000
#define F_SETFD 2
#define FD_CLOEXEC 1
#define SIGPIPE 13
#define SIGXFSZ 25
#define ENOENT 2
#define EINTR 4
#define EACCES 13
#define ECHILD 10

static long sys6(long n, long a, long b, long c, long d, long e, long f) {
    long ret;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}
#define SYS(n, a, b, c) sys6((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)
static void sys_exit(int code) {
    for (;;) SYS(__NR_exit_group, code, 0, 0);
}
struct k_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    unsigned long mask;
};
static void default_signal(int sig) {
    struct k_sigaction sa = {0, 0, 0, 0};
    sys6(__NR_rt_sigaction, sig, (long)&sa, 0, 8, 0, 0);
}
void *memset(void *d, int c, unsigned long n) {
    unsigned char *p = d;
    while (n--) *p++ = (unsigned char)c;
    return d;
}
void *memcpy(void *d, const void *s, unsigned long n) {
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--) *p++ = *q++;
    return d;
}
static int fs_main(int argc, char **argv, char **envp);
__attribute__((used)) void fs_start_c(long *sp) {
    int argc = (int)sp[0];
    char **argv = (char **)(sp + 1);
    sys_exit(fs_main(argc, argv, argv + argc + 1));
}
__asm__(".text\n.global _start\n_start:\n xor %rbp,%rbp\n mov %rsp,%rdi\n and $-16,%rsp\n call fs_start_c\n hlt\n");
#else
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
static long SYS_ret(long r) { return r < 0 ? -errno : r; }
#define SYS(n, a, b, c) SYS_ret(syscall((n), (long)(a), (long)(b), (long)(c), 0L, 0L, 0L))
#define sys6(n, a, b, c, d, e, f) SYS_ret(syscall((n), (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), (long)(f)))
static void sys_exit(int code) { _exit(code); }
static void default_signal(int sig) { signal(sig, SIG_DFL); }
static int fs_main(int argc, char **argv, char **envp);
extern char **environ;
int main(int argc, char **argv) { return fs_main(argc, argv, environ); }
#ifndef ECHILD
#define ECHILD 10
#endif
#ifndef __NR_fork
#define FS_NO_FORK_SYSCALL 1
#endif
#endif

static unsigned long long to_num(const char *s) {
    unsigned long long v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10 + (unsigned long long)(*s++ - '0');
    return v;
}
static unsigned long len(const char *s) {
    unsigned long n = 0;
    while (s[n]) n++;
    return n;
}
static int same(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}
static char *put_num(char *p, long long v) {
    char tmp[24];
    int n = 0;
    if (v < 0) *p++ = '-', v = -v;
    do tmp[n++] = (char)('0' + v % 10), v /= 10;
    while (v);
    while (n) *p++ = tmp[--n];
    return p;
}
static void limit(int resource, unsigned long long soft, unsigned long long hard) {
    struct rlimit rl;
    rl.rlim_cur = soft;
    rl.rlim_max = hard;
    if (SYS(__NR_setrlimit, resource, &rl, 0) != 0) sys_exit(126);
}
/* execvp without libc: a name with a slash is used as is, otherwise each PATH entry is tried. */
static long exec_path(char **argv, char **envp) {
    const char *name = argv[0], *path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *c = name; *c; c++)
        if (*c == '/') return SYS(__NR_execve, name, argv, envp);
    for (char **e = envp; *e; e++)
        if ((*e)[0] == 'P' && (*e)[1] == 'A' && (*e)[2] == 'T' && (*e)[3] == 'H' && (*e)[4] == '=') path = *e + 5;
    long err = -ENOENT;
    char buf[4096];
    unsigned long nlen = len(name);
    while (*path) {
        unsigned long n = 0;
        while (path[n] && path[n] != ':') n++;
        if (n + nlen + 2 < sizeof buf) {
            unsigned long k = 0;
            for (; k < n; k++) buf[k] = path[k];
            if (k == 0) buf[k++] = '.';
            buf[k++] = '/';
            for (unsigned long i = 0; i <= nlen; i++) buf[k + i] = name[i];
            long r = SYS(__NR_execve, buf, argv, envp);
            if (r != -ENOENT) err = r;
        }
        path += n;
        if (*path == ':') path++;
    }
    return err;
}

/* What the program's process needs before exec; shared with the launcher when spawned with CLONE_VM. */
struct child {
    const char *dir;
    long uid;
    unsigned long long cpu, as, fsize, nproc, nofile;
    char **prog, **envp;
    int err_fd;                /* fork path: the exec error goes down this pipe */
    volatile int exec_errno;   /* CLONE_VM path: written straight into the launcher's memory */
};

__attribute__((noreturn, used)) static void child_main(struct child *c) {
    long fd = SYS(__NR_openat, -100 /* AT_FDCWD */, "/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        /* when memory runs out, the program is the one to go, never the runner */
        SYS(__NR_write, fd, "1000", 4);
        SYS(__NR_close, fd, 0, 0);
    }
    if (SYS(__NR_chdir, c->dir, 0, 0) != 0) sys_exit(126);
    limit(RLIMIT_CPU, c->cpu, c->cpu + 1); /* SIGXCPU at the limit, SIGKILL a second later */
    limit(RLIMIT_AS, c->as, c->as);
    limit(RLIMIT_STACK, c->as, c->as);
    limit(RLIMIT_FSIZE, c->fsize, c->fsize);
    limit(RLIMIT_NOFILE, c->nofile, c->nofile);
    limit(RLIMIT_CORE, 0, 0);
    if (c->uid >= 0) {
        if (SYS(__NR_setgroups, 0, 0, 0) != 0 || SYS(__NR_setresgid, c->uid, c->uid, c->uid) != 0 ||
            SYS(__NR_setresuid, c->uid, c->uid, c->uid) != 0)
            sys_exit(126);
    }
    limit(RLIMIT_NPROC, c->nproc, c->nproc);
    default_signal(SIGPIPE);
    default_signal(SIGXFSZ);
    int err = (int)-exec_path(c->prog, c->envp);
    c->exec_errno = err;
    if (c->err_fd >= 0) SYS(__NR_write, c->err_fd, &err, sizeof err);
    sys_exit(127);
    for (;;) {}
}

#if defined(__x86_64__) && defined(FS_NOLIBC)
/* clone(CLONE_VM | CLONE_VFORK) onto a stack of its own, as posix_spawn does: no page tables are
 * copied, which halves the cost of starting the program; we sleep until it has exec'd or died. */
static char child_stack[1 << 16] __attribute__((aligned(16)));
static long spawn_child(struct child *c) {
    long ret;
    register long r10 __asm__("r10") = 0;
    register long r8 __asm__("r8") = 0;
    register struct child *r12 __asm__("r12") = c;
    __asm__ volatile(
        "syscall\n"
        "test %%rax, %%rax\n"
        "jnz 1f\n"
        "xor %%ebp, %%ebp\n"
        "mov %%r12, %%rdi\n"
        "call child_main\n"
        "hlt\n"
        "1:\n"
        : "=a"(ret)
        : "a"(__NR_clone), "D"(0x4000 | 0x100 | 17 /* CLONE_VFORK | CLONE_VM | SIGCHLD */),
          "S"(child_stack + sizeof child_stack), "d"(0), "r"(r10), "r"(r8), "r"(r12)
        : "rcx", "r11", "memory");
    return ret;
}
#else
static long spawn_child(struct child *c) {
    int fds[2];
    if (SYS(__NR_pipe2, fds, O_CLOEXEC, 0) != 0) return -1;
#ifdef FS_NO_FORK_SYSCALL
    long pid = sys6(__NR_clone, 17 /* SIGCHLD */, 0, 0, 0, 0, 0);
#else
    long pid = SYS(__NR_fork, 0, 0, 0);
#endif
    if (pid == 0) {
        SYS(__NR_close, fds[0], 0, 0);
        c->err_fd = fds[1];
        child_main(c);
    }
    SYS(__NR_close, fds[1], 0, 0);
    int err = 0;
    if (pid > 0 && SYS(__NR_read, fds[0], &err, sizeof err) == sizeof err) c->exec_errno = err;
    SYS(__NR_close, fds[0], 0, 0);
    return pid;
}
#endif

static int fs_main(int argc, char **argv, char **envp) {
    if (argc < 10 || !same(argv[8], "--")) {
        SYS(__NR_write, 2, "fs-exec: bad arguments\n", 23);
        return 125;
    }
    long uid = argv[2][0] == '-' ? -1 : (long)to_num(argv[2]);
    unsigned long long cpu = to_num(argv[3]), as = to_num(argv[4]), fsize = to_num(argv[5]);
    unsigned long long nproc = to_num(argv[6]), nofile = to_num(argv[7]);
    struct child c = {argv[1], uid, cpu, as, fsize, nproc, nofile, argv + 9, envp, -1, 0};

    SYS(__NR_fcntl, 3, F_SETFD, FD_CLOEXEC);
    int subreaper = SYS(__NR_prctl, 36 /* PR_SET_CHILD_SUBREAPER */, 1, 0) == 0;
    long pid = spawn_child(&c);
    if (pid < 0) return 125;
    int exec_errno = c.exec_errno;
    int status = 0;
    struct rusage ru;
    for (;;) {
        long r = sys6(__NR_wait4, pid, (long)&status, 0, (long)&ru, 0, 0);
        if (r == pid) break;
        if (r != -EINTR) return 125;
    }
    int leftover, clean = 0;
    /* WNOHANG | __WALL: any child, alive or a zombie, means something of the run may remain */
    if (subreaper) clean = sys6(__NR_wait4, -1, (long)&leftover, 1 | 0x40000000, 0, 0, 0) == -ECHILD;
    long long cpu_us = (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec +
                       (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
    char report[128], *p = report;
    p = put_num(p, status);
    *p++ = ' ';
    p = put_num(p, cpu_us);
    *p++ = ' ';
    p = put_num(p, ru.ru_maxrss);
    *p++ = ' ';
    p = put_num(p, exec_errno);
    *p++ = ' ';
    p = put_num(p, clean);
    *p++ = '\n';
    if (SYS(__NR_write, 3, report, p - report) < 0) return 125;
    return 0;
}

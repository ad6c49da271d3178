/* fs-exec: the runner's launcher server, in plain C (built with `cc -x c`: sandbox/bootstrap.py).
 *
 * usage: fs-exec [ns ROOT] [cg VERSION DIRS]
 *        (fd 3: a SOCK_SEQPACKET socket to the runner; fd 4, optional: one to the host)
 *
 * With "ns ROOT" (a host where runs cannot get uids of their own: a non-root user's bubblewrap), every
 * run gets a pid and a mount namespace of its own instead (see ns_init): the namespace's first process
 * starts the program and ends with it, so the kernel kills whatever the program started (setsid or
 * not); the program sees no other process, and its view of the file system is read-only but for its
 * own dir under ROOT/runs (the other runs' dirs, ROOT/io and every other program under ROOT/progs are
 * hidden), with no capabilities and no way to gain any (no_new_privs, no new user namespaces).
 *
 * With "cg VERSION DIRS" (the sandbox's cgroup subtree: see cg_make), every run gets a cgroup of its own,
 * which holds all of its processes together to its CPU, memory and process limits; PEAK_KB and OOM in the
 * exit reports below come from it (0 0 without one).
 *
 * The runner starts ONE of these per sandbox and hands it every run, so a test costs one clone and
 * one exec (the program's), not a launcher exec as well. Packets are NUL-separated fields.
 *
 * From the runner:
 *   R TOKEN DIR UID CPU_S AS_BYTES FSIZE NPROC NOFILE ARGC ARGV... ENV...   with stdin, stdout and
 *                                                          stderr attached (SCM_RIGHTS)
 *   K TOKEN                                                kill that run's session
 *   S DIR UID                                              a staged dir for one fast run
 *   Z ARGC ARGV... ENV...                                  the warm interpreter's command (root mode only)
 * to the runner, once a run's program has ended and whatever else of the run was alive is killed:
 * "X TOKEN STATUS CPU_US MAXRSS_KB EXEC_ERRNO PID PEAK_KB OOM ALONE" (OOM: 1 the kernel killed for memory, 2 the
 * run reached its memory limit, 0 neither) (or "E TOKEN ERRNO": it could not even be
 * cloned); for a fast run, "D UID ALONE DIR" (take the dir back), sent before the host's report. ALONE
 * (the last field of an X report) = 1: nothing of the run's UID is left (0: the kill failed, and the runner keeps trying), which spares
 * the runner a scan of /proc. Kill first, report after: no reply reaches the host while a process of
 * its run lives, so the judge never runs a checker beside one, and no later run meets a survivor.
 *
 * Every run's program gets a network and an IPC namespace of its own (no loopback, abstract socket,
 * SysV object or POSIX message queue shared with any other run): a fresh IPC namespace each run, and a
 * network namespace from a pool (see net_take), whose loopback stays down: a run has no network at all.
 *
 * From the host (fast runs: see sandbox/_fast.py):
 *   F ID CPU_S AS_BYTES FSIZE NPROC NOFILE ARGC ARGV... ENV...   with the three streams attached
 *   K ID
 * to the host: "X ID STATUS CPU_US MAXRSS_KB EXEC_ERRNO WALL_US TIMED_OUT PEAK_KB OOM ALONE", "E ID ERRNO", or
 * "N ID" (no staged dir free: send it through the runner).
 *
 * The program starts from this tiny process (a clean peak-memory figure: exec folds the old memory
 * map's peak into the new one), applies the rlimits in its own session, drops to UID and execs.
 * The server is the child subreaper of every run, so whatever a run leaves behind (double forks
 * included) is reaped here.
 *
 * A run whose environment holds FS_WARM=1 (the judge's own Python programs) is not exec'd but forked
 * from the warm interpreter (sandbox/zygote.py), a `python3 -I -S` (the "Z" packet's command) this server
 * starts as its child at the first such run, once: it sends the zygote "W DIR UID LIMITS... ARGC ARGV...
 * ENV..." with the three streams,
 * and the zygote's grandchild, set up as child_main sets a run up, is reparented to us (the subreaper)
 * and reported back as "P PID" (or "E ERRNO"); from then on it is a run like any other. Without a
 * zygote, or once it has died or stalled, such a run is exec'd as usual.
 *
 * On x86-64 it is built without libc (-nostdlib, raw system calls): glibc's start-up probes the
 * CPU with dozens of CPUID instructions, and in a virtual machine each one traps to the
 * hypervisor, which made a tiny launcher cost as much CPU as the program it starts.
 */
#if defined(__x86_64__) && defined(FS_NOLIBC)
#include <asm/unistd.h>
#include <linux/resource.h>
#define O_WRONLY 01
#define O_NONBLOCK 04000
#define O_CLOEXEC 02000000
#define F_SETFD 2
#define FD_CLOEXEC 1
#define SIGKILL 9
#define SIGPIPE 13
#define SIGCHLD 17
#define SIGXFSZ 25
#define ESRCH 3
#define ECHILD 10
#define ENOENT 2
#define EINTR 4
#define EAGAIN 11
#define ENOMEM 12
#define EACCES 13
#define EINVAL 22

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
__attribute__((noreturn)) static void sys_exit(int code) {
    for (;;) sys6(__NR_exit_group, code, 0, 0, 0, 0, 0);
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
static int fs_main(int argc, char **argv);
__attribute__((used)) void fs_start_c(long *sp) {
    sys_exit(fs_main((int)sp[0], (char **)(sp + 1)));
}
__asm__(".text\n.global _start\n_start:\n xor %rbp,%rbp\n mov %rsp,%rdi\n and $-16,%rsp\n call fs_start_c\n hlt\n");
#else
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
static long sys6(long n, long a, long b, long c, long d, long e, long f) {
    long r = syscall(n, a, b, c, d, e, f);
    return r < 0 ? -errno : r;
}
__attribute__((noreturn)) static void sys_exit(int code) { _exit(code); }
static int fs_main(int argc, char **argv);
int main(int argc, char **argv) { return fs_main(argc, argv); }
#ifndef __NR_fork
#define FS_NO_FORK_SYSCALL 1
#endif
#endif

#define SYS(n, a, b, c) sys6((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define SOCK 3
#define MAX_RUNS 1024
#define PACKET_MAX (256 * 1024)
#define MAX_ARGS 4096

/* The kernel's own layouts (the same with and without libc, on every 64-bit Linux). */
struct fs_iovec {
    void *base;
    unsigned long len;
};
struct fs_msghdr {
    void *name;
    int namelen;
    struct fs_iovec *iov;
    unsigned long iovlen;
    void *control;
    unsigned long controllen;
    unsigned flags;
};
struct fs_cmsghdr {
    unsigned long len;
    int level, type;
};
struct fs_pollfd {
    int fd;
    short events, revents;
};
struct fs_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    unsigned long mask;
};

static void set_signal(int sig, long handler) {
    struct fs_sigaction sa = {(void *)handler, 0, 0, 0};
    sys6(__NR_rt_sigaction, sig, (long)&sa, 0, 8, 0, 0);
}

static unsigned long long to_num(const char *s) {
    unsigned long long v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10 + (unsigned long long)(*s++ - '0');
    return v;
}
static long to_id(const char *s) { return s[0] == '-' ? -1 : (long)to_num(s); }
static unsigned long len(const char *s) {
    unsigned long n = 0;
    while (s[n]) n++;
    return n;
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
static char *put_str(char *p, const char *s) {
    while (*s) *p++ = *s++;
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

/* What a child needs; shared with the server when it is cloned with CLONE_VM. */
struct child {
    const char *dir;
    long uid;
    unsigned long long cpu, as, fsize, nproc, nofile;
    char **prog, **envp;
    int fds[3];
    int err_fd;              /* fork path: the exec error goes down this pipe */
    volatile int exec_errno; /* CLONE_VM path: written straight into the server's memory */
    int probe;               /* not a program: 1 = find out whether UID has any process left, 2 = kill them all */
    int netfd;               /* a run's network namespace (see net_take), or -1: the zygote's, a probe's */
    const char *cg;          /* the run's cgroup (see cg_make), which its first process joins; 0: none */
    int held;                /* the run has a cgroup, which holds its CPU and memory (see child_main's limits) */
};

static void probe_exit(void *unused) {
    (void)unused;
    sys_exit(0);
}
static long clone_call(long flags, char *stack_top, void (*fn)(void *), void *arg);
static char probe_stack[4096] __attribute__((aligned(16)));

/* The kernel counts processes per uid for RLIMIT_NPROC: as UID, with the limit at 2, a fork
 * succeeds only if this probe is UID's sole process (no /proc scan, no kill(-1), which cannot
 * tell "nobody there" from "not allowed"). */
static int uid_alone(long uid) {
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = 2;
    if (SYS(__NR_setrlimit, RLIMIT_NPROC, &rl, 0) != 0 || SYS(__NR_setgroups, 0, 0, 0) != 0 ||
        SYS(__NR_setresgid, uid, uid, uid) != 0 || SYS(__NR_setresuid, uid, uid, uid) != 0)
        return 0;
    long pid = clone_call(0x4000 | 0x100 | SIGCHLD, probe_stack + sizeof probe_stack, probe_exit, 0);
    if (pid <= 0) return 0;
    int status;
    while (sys6(__NR_wait4, pid, (long)&status, 0x40000000 /* __WALL */, 0, 0, 0) == -EINTR) {}
    return 1;
}

#ifndef __NR_close_range
#define __NR_close_range 436
#endif
#ifndef __NR_mount_setattr
#define __NR_mount_setattr 442 /* the same number on every architecture */
#endif
#define CLONE_NEWNS 0x00020000
#define CLONE_NEWPID 0x20000000
#define CLONE_NEWIPC 0x08000000
#define CLONE_NEWNET 0x40000000
#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV 4
#define MS_NOEXEC 8
#define MS_BIND 4096
#define MS_PRIVATE (1 << 18)
#ifndef O_PATH
#define O_PATH 010000000
#define O_DIRECTORY 0200000
#endif
#define AT_RECURSIVE 0x8000
#define MOUNT_ATTR_RDONLY 1
#define MOUNT_ATTR_NOSUID 2

static int ns_mode;          /* "ns ROOT" given: each run in pid + mount namespaces of its own */
static const char *box_root; /* ROOT: runs/, io/, progs/ below it */

struct fs_mount_attr {
    unsigned long long attr_set, attr_clr, propagation, userns_fd;
};
struct fs_cap_header {
    unsigned version;
    int pid;
};
struct fs_cap_data {
    unsigned effective, permitted, inheritable;
};

static int starts_with(const char *s, const char *prefix) {
    while (*prefix)
        if (*s++ != *prefix++) return 0;
    return 1;
}

/* Per-run cgroups ("cg VERSION DIRS": see sandbox/cgroups.py, whose files and rules these follow). DIRS
 * (':'-separated): on v1 the sandbox subtree's memory, pids and cpuacct dirs, in that order; on v2 its one
 * dir. A run's cgroup is named after its dir (DIR's last part): made with its limits before the run starts,
 * joined by the run's first process before anything else, polled for CPU while it runs (all its processes
 * together), read once it has ended, emptied and removed. Without "cg", runs have rlimits alone. */
static int cg_version;
static char *cg_dirs[3];
static int cg_ndirs;
#define CG_NAME_MAX 64
#define CG_POLL_NS 50000000LL /* how often a live run's CPU is looked at */

static void collect(void);

/* DIRS[d]/NAME[/FILE] into out; 0 if it does not fit. */
static int cg_path(char *out, unsigned long size, int d, const char *name, const char *file) {
    if (len(cg_dirs[d]) + len(name) + (file ? len(file) : 0) + 3 >= size) return 0;
    char *p = put_str(put_str(put_str(out, cg_dirs[d]), "/"), name);
    if (file) p = put_str(put_str(p, "/"), file);
    *p = 0;
    return 1;
}

static long cg_write(int d, const char *name, const char *file, const char *text) {
    char path[512];
    if (!cg_path(path, sizeof path, d, name, file)) return -EINVAL;
    long fd = SYS(__NR_openat, -100, path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return fd;
    long r = SYS(__NR_write, fd, text, len(text));
    SYS(__NR_close, fd, 0, 0);
    return r < 0 ? r : 0;
}

/* The number a cgroup file holds (KEY 0), or the one after "KEY " at the start of one of its lines; -1 if none. */
static long long cg_read(int d, const char *name, const char *file, const char *key) {
    char path[512], buf[1024];
    if (!cg_path(path, sizeof path, d, name, file)) return -1;
    long fd = SYS(__NR_openat, -100, path, O_CLOEXEC);
    if (fd < 0) return -1;
    long n = SYS(__NR_read, fd, buf, sizeof buf - 1);
    SYS(__NR_close, fd, 0, 0);
    if (n <= 0) return -1;
    buf[n] = 0;
    const char *p = buf;
    while (key && !(starts_with(p, key) && p[len(key)] == ' ')) {
        while (*p && *p != '\n') p++;
        if (!*p++) return -1;
    }
    if (key) p += len(key) + 1;
    return *p >= '0' && *p <= '9' ? (long long)to_num(p) : -1;
}

/* SIGKILL every process in the run's cgroup, for up to ROUNDS rounds until none is left; 1 once empty. */
static int cg_kill(const char *name, int rounds) {
    if (cg_version == 2) cg_write(0, name, "cgroup.kill", "1"); /* Linux 5.14+: all at once */
    for (int round = 0; round < rounds; round++) {
        char path[512], buf[4096];
        if (!cg_path(path, sizeof path, 0, name, "cgroup.procs")) return 0;
        long fd = SYS(__NR_openat, -100, path, O_CLOEXEC);
        if (fd < 0) return 1; /* no cgroup, no process in it */
        int found = 0;
        long have = 0, n;
        while ((n = SYS(__NR_read, fd, buf + have, sizeof buf - 1 - have)) > 0) {
            have += n;
            long start = 0;
            for (long i = 0; i < have; i++)
                if (buf[i] == '\n') {
                    buf[i] = 0;
                    long pid = (long)to_num(buf + start);
                    if (pid > 0) SYS(__NR_kill, pid, SIGKILL, 0), found = 1;
                    start = i + 1;
                }
            for (long i = start; i < have; i++) buf[i - start] = buf[i];
            have -= start;
        }
        SYS(__NR_close, fd, 0, 0);
        if (!found) return 1;
        if (round + 1 < rounds) {
            collect(); /* the killed leave the cgroup as they die; reaping them frees their pids */
            long ts[2] = {0, 1000000};
            SYS(__NR_nanosleep, ts, 0, 0);
        }
    }
    return 0;
}

static void cg_remove(const char *name) {
    for (int round = 0; round < 100; round++) {
        int left = 0;
        for (int d = 0; d < cg_ndirs; d++) {
            char path[512];
            if (cg_path(path, sizeof path, d, name, 0) && SYS(__NR_unlinkat, -100, path, 0x200 /* AT_REMOVEDIR */) == -16)
                left = 1; /* EBUSY: something of the run is still in it */
        }
        if (!left) return;
        cg_kill(name, 10);
    }
}

/* A run's cgroup is named after its dir: DIR's last part. */
static const char *cg_name(const char *dir) {
    const char *name = dir;
    for (const char *p = dir; *p; p++)
        if (*p == '/') name = p + 1;
    return name;
}

/* The run's cgroup, in every hierarchy (MADE: it is already, since its dir was staged), with its limits:
 * memory (its limit plus one output file's worth, as the pages of what it writes are charged to it; no
 * swap) and processes. 0, or -errno (nothing is left made). */
static long cg_make(const char *name, int made, unsigned long long mem, unsigned long long pids) {
    char num[24];
    long r = 0;
    for (int d = 0; r == 0 && !made && d < cg_ndirs; d++) {
        char path[512];
        r = cg_path(path, sizeof path, d, name, 0) ? SYS(__NR_mkdirat, -100, path, 0700) : -EINVAL;
    }
    *put_num(num, (long long)mem) = 0;
    if (r == 0 && cg_version == 2) {
        r = cg_write(0, name, "memory.max", num);
        cg_write(0, name, "memory.swap.max", "0");
        cg_write(0, name, "memory.oom.group", "1"); /* an OOM kill takes the whole run */
    } else if (r == 0) {
        r = cg_write(0, name, "memory.limit_in_bytes", num);
        cg_write(0, name, "memory.memsw.limit_in_bytes", num); /* only where swap is accounted */
    }
    *put_num(num, (long long)pids) = 0;
    if (r == 0) r = cg_write(cg_version == 2 ? 0 : 1, name, "pids.max", num);
    if (r != 0) cg_remove(name);
    return r;
}

/* A staged dir's cgroup, made ahead (while the server waits) so that its run only sets the limits; 1 if made. */
static int cg_stage(const char *dir) {
    const char *name = cg_name(dir);
    if (!cg_version || !*name || len(name) >= CG_NAME_MAX) return 0;
    for (int d = 0; d < cg_ndirs; d++) {
        char path[512];
        if (!cg_path(path, sizeof path, d, name, 0) || SYS(__NR_mkdirat, -100, path, 0700) != 0) {
            cg_remove(name);
            return 0;
        }
    }
    return 1;
}

/* Move the calling process into the run's cgroup, in every hierarchy; 0 or -errno. */
static long cg_join(const char *name) {
    for (int d = 0; d < cg_ndirs; d++) {
        long r = cg_write(d, name, "cgroup.procs", "0");
        if (r != 0) return r;
    }
    return 0;
}

/* CPU time of all the run's processes so far, in nanoseconds (-1: unknown). */
static long long cg_cpu_ns(const char *name) {
    if (cg_version == 2) {
        long long us = cg_read(0, name, "cpu.stat", "usage_usec");
        return us < 0 ? -1 : us * 1000;
    }
    return cg_read(2, name, "cpuacct.usage", 0);
}

/* In the run's fresh mount namespace (we are pid 1 of its fresh pid namespace): everything read-only
 * and private, then DIR alone of ROOT/runs visible (and writable), ROOT/io hidden, of ROOT/progs only
 * PROG's own dir (read-only), /proc of our own pid namespace; then no capability left, none to gain.
 * 0, or -errno (we exit then: nothing to clean up). */
static long isolate(const char *dir, const char *prog) {
    char runs[512], io[512], progs[512], src[48], own[512];
    unsigned long n = len(box_root);
    if (n + 8 >= sizeof runs) return -EINVAL;
    *put_str(put_str(runs, box_root), "/runs") = 0;
    *put_str(put_str(io, box_root), "/io") = 0;
    *put_str(put_str(progs, box_root), "/progs") = 0;
    /* the program's own dir under ROOT/progs (its binary, or its source), if it lives there */
    long pfd = -1;
    own[0] = 0;
    if (prog && starts_with(prog, progs) && prog[n + 6] == '/' && len(prog) < sizeof own) {
        unsigned long k = n + 7;
        while (prog[k] && prog[k] != '/') k++;
        if (prog[k] == '/') {
            memcpy(own, prog, k);
            own[k] = 0;
            pfd = SYS(__NR_openat, -100, own, O_PATH | O_DIRECTORY | O_CLOEXEC);
            if (pfd < 0) return pfd;
        }
    }
    if (!starts_with(dir, runs) || dir[n + 5] != '/' || !dir[n + 6]) return -EINVAL;
    for (const char *c = dir + n + 6; *c; c++)
        if (*c == '/') return -EINVAL; /* a dir right below ROOT/runs */
    long dfd = SYS(__NR_openat, -100, dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) return dfd;
    struct fs_mount_attr ro = {MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0, MS_PRIVATE, 0};
    long r = sys6(__NR_mount_setattr, -100, (long)"/", AT_RECURSIVE, (long)&ro, sizeof ro, 0);
    if (r == 0) r = sys6(__NR_mount, (long)"tmpfs", (long)runs, (long)"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                         (long)"size=64k,mode=755", 0);
    if (r == 0) r = SYS(__NR_mkdirat, -100, dir, 0700);
    if (r == 0) {
        *put_num(put_str(src, "/proc/self/fd/"), dfd) = 0;
        r = sys6(__NR_mount, (long)src, (long)dir, 0, MS_BIND, 0, 0);
    }
    if (r == 0) { /* the bind took the read-only flag of the mount it came from */
        struct fs_mount_attr rw = {0, MOUNT_ATTR_RDONLY, 0, 0};
        r = sys6(__NR_mount_setattr, -100, (long)dir, 0, (long)&rw, sizeof rw, 0);
    }
    if (r == 0) r = sys6(__NR_mount, (long)"tmpfs", (long)io, (long)"tmpfs",
                         MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, (long)"size=4k,mode=755", 0);
    /* no other program is visible (a solution must not read a verifier's source), its own read-only */
    if (r == 0) r = sys6(__NR_mount, (long)"tmpfs", (long)progs, (long)"tmpfs", MS_NOSUID | MS_NODEV,
                         (long)"size=64k,mode=755", 0);
    if (r == 0 && pfd >= 0) {
        r = SYS(__NR_mkdirat, -100, own, 0755);
        if (r == 0) {
            *put_num(put_str(src, "/proc/self/fd/"), pfd) = 0;
            r = sys6(__NR_mount, (long)src, (long)own, 0, MS_BIND, 0, 0);
        }
    }
    if (r == 0) { /* and the tmpfs itself read-only: nothing new appears beside it */
        struct fs_mount_attr ro1 = {MOUNT_ATTR_RDONLY, 0, 0, 0};
        r = sys6(__NR_mount_setattr, -100, (long)progs, 0, (long)&ro1, sizeof ro1, 0);
    }
    if (pfd >= 0) SYS(__NR_close, pfd, 0, 0);
    /* the run's cgroup (joined already) and every other run's are no business of the program's */
    for (int d = 0; r == 0 && d < cg_ndirs; d++)
        r = sys6(__NR_mount, (long)"tmpfs", (long)cg_dirs[d], (long)"tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                 (long)"size=4k,mode=755", 0);
    if (r == 0) r = sys6(__NR_mount, (long)"proc", (long)"/proc", (long)"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, 0, 0);
    SYS(__NR_close, dfd, 0, 0);
    if (r != 0) return r;
    struct fs_cap_header hdr = {0x20080522 /* _LINUX_CAPABILITY_VERSION_3 */, 0};
    struct fs_cap_data none[2];
    memset(none, 0, sizeof none);
    if (sys6(__NR_prctl, 38 /* PR_SET_NO_NEW_PRIVS */, 1, 0, 0, 0, 0) != 0) return -EACCES;
    sys6(__NR_prctl, 47 /* PR_CAP_AMBIENT */, 4 /* PR_CAP_AMBIENT_CLEAR_ALL */, 0, 0, 0, 0);
    if (SYS(__NR_capset, &hdr, none, 0) != 0) return -EACCES;
    return 0;
}

__attribute__((noreturn, used)) static void child_main(struct child *c) {
    unsigned long none = 0;
    if (c->probe == 2) {
        /* as UID, kill(-1) reaches every process of UID in one pass under the task-list lock */
        if (SYS(__NR_setresuid, c->uid, c->uid, c->uid) == 0) SYS(__NR_kill, -1, SIGKILL, 0);
        sys_exit(0);
    }
    if (c->probe == 3) { /* the zygote: its socket on fd 3, our streams, root, exec'd */
        if (SYS(__NR_dup3, c->fds[0], 3, 0) != 3) sys_exit(126);
        SYS(__NR_prctl, 1 /* PR_SET_PDEATHSIG */, SIGKILL, 0);
        sys6(__NR_rt_sigprocmask, 2 /* SIG_SETMASK */, (long)&none, 0, 8, 0, 0);
        int err = (int)-exec_path(c->prog, c->envp);
        c->exec_errno = err;
        if (c->err_fd >= 0) SYS(__NR_write, c->err_fd, &err, sizeof err);
        sys_exit(127);
    }
    if (c->probe) {
        int alone = uid_alone(c->uid);
        c->exec_errno = alone;
        if (c->err_fd >= 0) SYS(__NR_write, c->err_fd, &alone, sizeof alone);
        sys_exit(0);
    }
    SYS(__NR_setsid, 0, 0, 0);
    if (c->cg && cg_join(c->cg) != 0) sys_exit(126); /* first: all it does from here on is the run's */
    if (c->netfd >= 0 && (SYS(__NR_setns, c->netfd, CLONE_NEWNET, 0) != 0 || SYS(__NR_unshare, CLONE_NEWIPC, 0, 0) != 0))
        sys_exit(126); /* the run's own network and IPC namespaces, while we still may */
    for (int i = 0; i < 3; i++)
        if (c->fds[i] != i && SYS(__NR_dup3, c->fds[i], i, 0) != i) sys_exit(126);
    long fd = SYS(__NR_openat, -100 /* AT_FDCWD */, "/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        /* when memory runs out, the program is the one to go, never the runner */
        SYS(__NR_write, fd, "1000", 4);
        SYS(__NR_close, fd, 0, 0);
    }
    if (SYS(__NR_chdir, c->dir, 0, 0) != 0) sys_exit(126);
    /* a Python program's bytecode (owner-only: no other run can read it) on fd 3, opened while we still can */
    for (char **e = c->envp; *e; e++)
        if (starts_with(*e, "FS_SOURCE=")) {
            long src = SYS(__NR_openat, -100, *e + 10, O_CLOEXEC);
            if (src < 0) sys_exit(126);
            if (src != 3 && SYS(__NR_dup3, src, 3, 0) != 3) sys_exit(126);
            if (src != 3) SYS(__NR_close, src, 0, 0);
            else SYS(__NR_fcntl, 3, F_SETFD, 0);
        }
    if (c->held) { /* as protocol.process_limits: the cgroup holds the run (its whole CPU, its memory) */
        limit(RLIMIT_CPU, c->cpu + 1, c->cpu + 2);
        limit(RLIMIT_AS, ~0ULL, ~0ULL);
    } else {
        limit(RLIMIT_CPU, c->cpu, c->cpu + 1); /* SIGXCPU at the limit, SIGKILL a second later */
        limit(RLIMIT_AS, c->as, c->as);
    }
    limit(RLIMIT_STACK, c->as, c->as);
    limit(RLIMIT_FSIZE, c->fsize, c->fsize);
    limit(RLIMIT_NOFILE, c->nofile, c->nofile);
    limit(RLIMIT_CORE, 0, 0);
    if (c->uid >= 0) {
        if (SYS(__NR_setgroups, 0, 0, 0) != 0 || SYS(__NR_setresgid, c->uid, c->uid, c->uid) != 0 ||
            SYS(__NR_setresuid, c->uid, c->uid, c->uid) != 0)
            sys_exit(126);
    }
    /* one uid for every run (ns mode): the uid's process count is all runs', so their cgroups count instead */
    if (!(ns_mode && cg_version)) limit(RLIMIT_NPROC, c->nproc, c->nproc);
    set_signal(SIGPIPE, 0);
    set_signal(SIGXFSZ, 0);
    sys6(__NR_rt_sigprocmask, 2 /* SIG_SETMASK */, (long)&none, 0, 8, 0, 0);
    int err = (int)-exec_path(c->prog, c->envp);
    c->exec_errno = err;
    if (c->err_fd >= 0) SYS(__NR_write, c->err_fd, &err, sizeof err);
    sys_exit(127);
    for (;;) {}
}

#if defined(__x86_64__) && defined(FS_NOLIBC)
/* clone onto a stack of our own, the child running fn(arg): with CLONE_VM | CLONE_VFORK, as
 * posix_spawn does, no page tables are copied, which halves the cost of starting the program;
 * we sleep until it has exec'd or died. */
static long clone_call(long flags, char *stack_top, void (*fn)(void *), void *arg) {
    long ret;
    register long r10 __asm__("r10") = 0;
    register long r8 __asm__("r8") = 0;
    register void *r12 __asm__("r12") = arg;
    register void (*r13)(void *) __asm__("r13") = fn;
    __asm__ volatile(
        "syscall\n"
        "test %%rax, %%rax\n"
        "jnz 1f\n"
        "xor %%ebp, %%ebp\n"
        "mov %%r12, %%rdi\n"
        "call *%%r13\n"
        "hlt\n"
        "1:\n"
        : "=a"(ret)
        : "a"(__NR_clone), "D"(flags), "S"(stack_top), "d"(0), "r"(r10), "r"(r8), "r"(r12), "r"(r13)
        : "rcx", "r11", "memory");
    return ret;
}
static char child_stack[1 << 16] __attribute__((aligned(16)));
static void child_entry(void *c) { child_main((struct child *)c); }
static long spawn_child(struct child *c) {
    return clone_call(0x4000 | 0x100 | SIGCHLD /* CLONE_VFORK | CLONE_VM */, child_stack + sizeof child_stack,
                      child_entry, c);
}
#else
static long fork_now(long ns) {
#ifndef FS_NO_FORK_SYSCALL
    if (!ns) return SYS(__NR_fork, 0, 0, 0);
#endif
    return sys6(__NR_clone, SIGCHLD | ns, 0, 0, 0, 0, 0);
}
/* Without our own clone: a plain fork (the probe's child only exits). */
static long clone_call(long flags, char *stack_top, void (*fn)(void *), void *arg) {
    (void)flags, (void)stack_top;
    long pid = fork_now(0);
    if (pid == 0) fn(arg);
    return pid;
}
static long spawn_child(struct child *c) {
    int fds[2];
    if (SYS(__NR_pipe2, fds, O_CLOEXEC, 0) != 0) return -ENOMEM;
    long pid = fork_now(0);
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

/* ns mode: what became of a run's program, left by the run's first process (MAX_RUNS of these, in
 * memory shared with every such process: the launcher reads a run's entry once it has reaped it). */
struct ns_result {
    int valid, status, exec_errno;
    struct rusage ru; /* the whole tree: the program and whatever of its descendants ended before it */
};
static struct ns_result *ns_results;
struct ns_args {
    struct child *c;
    struct ns_result *out;
};

/* The run's first process, a copy of us and pid 1 of the run's pid namespace: it isolates the
 * namespace, starts the program as its child (the program is not pid 1, so its signals behave as
 * anywhere else: abort() is SIGABRT), waits for it and leaves the program's end in OUT. When it exits,
 * the kernel kills whatever else is left in the namespace. */
__attribute__((noreturn)) static void ns_init(struct child *c, struct ns_result *out) {
    SYS(__NR_prctl, 1 /* PR_SET_PDEATHSIG */, SIGKILL, 0);
    /* It runs as the program's uid: not dumpable, so the program can neither ptrace it nor open its
     * fds through /proc, and it keeps no fd but the program's three streams (not our sockets). */
    SYS(__NR_prctl, 4 /* PR_SET_DUMPABLE */, 0, 0);
    /* the run's network namespace (its IPC namespace came with the clone), before its fd is closed */
    long net = c->netfd >= 0 ? SYS(__NR_setns, c->netfd, CLONE_NEWNET, 0) : 0;
    c->netfd = -1; /* the program is in it with us */
    for (int i = 0; i < 3; i++) {
        if (c->fds[i] != i && SYS(__NR_dup3, c->fds[i], i, 0) != i) sys_exit(126);
        c->fds[i] = i;
    }
    SYS(__NR_close_range, 3, ~0U, 0);
    const char *prog = c->prog[0];
    for (char **e = c->envp; *e; e++)
        if (starts_with(*e, "FS_SOURCE=")) prog = *e + 10;
    long r = net != 0 ? net : c->cg ? cg_join(c->cg) : 0; /* before isolate makes the cgroup file system read-only */
    c->cg = 0;                            /* the program is in it with us */
    if (r == 0) r = isolate(c->dir, prog);
    long pid = r == 0 ? spawn_child(c) : r;
    if (pid < 0) {
        out->exec_errno = (int)-pid;
        out->valid = 1;
        sys_exit(0);
    }
    int status = 0;
    for (;;) {
        int st;
        long got = sys6(__NR_wait4, -1, (long)&st, 0x40000000 /* __WALL */, 0, 0, 0);
        if (got == pid) {
            status = st;
            break;
        }
        if (got < 0 && got != -EINTR) break;
    }
    SYS(__NR_getrusage, -1 /* RUSAGE_CHILDREN */, &out->ru, 0);
    out->status = status;
    out->exec_errno = c->exec_errno;
    out->valid = 1;
    sys_exit(0);
}
static void ns_entry(void *a) { ns_init(((struct ns_args *)a)->c, ((struct ns_args *)a)->out); }

/* A copy of us (no CLONE_VM: it outlives the program's exec) in new pid, mount and IPC namespaces. */
static long spawn_ns_init(struct child *c, struct ns_result *out) {
    struct ns_args a = {c, out};
    memset(out, 0, sizeof *out);
#if defined(__x86_64__) && defined(FS_NOLIBC)
    /* a stack of its own (in its own copy of our memory): the function it calls wants it aligned */
    static char ns_stack[1 << 16] __attribute__((aligned(16)));
    return clone_call(SIGCHLD | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC, ns_stack + sizeof ns_stack, ns_entry, &a);
#else
    long pid = fork_now(CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC);
    if (pid == 0) ns_entry(&a);
    return pid;
#endif
}

/* Network namespaces for runs. Making one (and the kernel's later teardown of it) costs several times what
 * the rest of a run's start does, so a run's namespace goes back to a pool once nothing of the run is left
 * (ALONE), for a later run. Nothing of a run outlives its processes there: its loopback is down (a run can
 * reach no address, not even its own), no run holds a capability to change that, and a socket lives only
 * as long as some process holds it. A namespace of a run that may have left a process is closed instead. */
#define MAX_NETS 256
static int home_net = -1; /* our own, the sandbox's: we return to it (the zygote, started later, is in it) */
static int net_pool[MAX_NETS], net_pooled;

/* A namespace for a run: from the pool, or new; its fd (close-on-exec), or -errno. */
static long net_take(void) {
    if (net_pooled) return net_pool[--net_pooled];
    long r = SYS(__NR_unshare, CLONE_NEWNET, 0, 0);
    if (r != 0) return r;
    long fd = SYS(__NR_openat, -100, "/proc/self/ns/net", O_CLOEXEC);
    /* back home; without runs' uids (ns mode) there is no zygote, and our own user namespace may not
     * own the sandbox's network namespace */
    if (!ns_mode && (home_net < 0 || SYS(__NR_setns, home_net, CLONE_NEWNET, 0) != 0)) {
        if (fd >= 0) SYS(__NR_close, fd, 0, 0);
        return -EACCES;
    }
    return fd;
}

static void net_give(int fd, int alone) {
    if (fd < 0) return;
    if (alone && net_pooled < MAX_NETS) net_pool[net_pooled++] = fd;
    else SYS(__NR_close, fd, 0, 0);
}

/* Run a probe child (see child_main) as uid and wait for it; its answer. */
static int as_uid(long uid, int what) {
    struct child c;
    memset(&c, 0, sizeof c);
    c.uid = uid;
    c.probe = what;
    c.err_fd = -1;
    c.netfd = -1;
    long pid = spawn_child(&c);
    if (pid < 0) return 0;
    int status;
    while (sys6(__NR_wait4, pid, (long)&status, 0x40000000 /* __WALL */, 0, 0, 0) == -EINTR) {}
    return c.exec_errno;
}

#define HOST 4 /* the fast channel: a SOCK_SEQPACKET socket straight to the host, when there is one */
#define MAX_SPARES 64

struct run {
    long token, pid, uid;
    int exec_errno, done, status;
    struct rusage ru;
    int fast, spare; /* a fast run: the host's id in token, its staged dir in spares[spare] */
    int timed_out;   /* 0, TIMED_OUT_IDLE or TIMED_OUT_FORCED: how the wall clock ended it (see backstop) */
    long long start_ns;
    long long seen_ns, seen_cpu_ns; /* when the backstop last looked at it, and its CPU time then */
    char cg[CG_NAME_MAX];   /* its cgroup's name, or "" */
    long long cpu_limit_ns; /* its CPU limit, which the cgroup's CPU time is held to */
    long long cg_limit;     /* its cgroup's memory limit, in bytes */
    int netfd;              /* its network namespace (see net_take), or -1 */
};
static struct run runs[MAX_RUNS];

/* Dirs (with their uids) the runner staged ahead for fast runs; handed back once a run is over. */
struct spare {
    char dir[256];
    long uid;
    int state;  /* 0 empty, 1 ready, 2 in use */
    int cg_made; /* its run's cgroup is made (cg_stage) */
};
static struct spare spares[MAX_SPARES];
static int host_open;

static long long now_ns(void) {
    long ts[2] = {0, 0};
    SYS(__NR_clock_gettime, 1 /* CLOCK_MONOTONIC */, ts, 0);
    return (long long)ts[0] * 1000000000LL + ts[1];
}

static void send_packet(int sock, const char *p, unsigned long n) {
    /* a peer that is gone is noticed on the next read */
    while (SYS(__NR_write, sock, p, n) == -EINTR) {}
}

static void send_nums(int sock, char kind, const long long *v, int n, const char *tail) {
    char out[512], *p = out;
    *p++ = kind;
    for (int i = 0; i < n; i++) *p++ = ' ', p = put_num(p, v[i]);
    if (tail) *p++ = ' ', p = put_str(p, tail);
    send_packet(sock, out, (unsigned long)(p - out));
}

/* The warm interpreter (see the head of this file): its socket and pid, or -1 and 0. */
static int zygote = -1;
static long zygote_pid;
static char zpacket[PACKET_MAX + 64];

static void zygote_stop(void) {
    if (zygote >= 0) SYS(__NR_close, zygote, 0, 0);
    if (zygote_pid > 0) SYS(__NR_kill, zygote_pid, SIGKILL, 0); /* reaped as an orphan by collect */
    zygote = -1;
    zygote_pid = 0;
}

static int same(const char *a, const char *b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}
static int has_env(char **envp, const char *entry) {
    for (char **e = envp; *e; e++)
        if (same(*e, entry)) return 1;
    return 0;
}

static int clear_uid(long uid);

/* Once nothing of a run is left (clear_uid): its cgroup's CPU time (if more than the program's own, as it is
 * once the run had other processes), peak memory and OOM kills (which need it to have reached its limit). */
static void cg_end(struct run *r, long long *cpu_us, long long *peak_kb, long long *oom) {
    *peak_kb = *oom = 0;
    if (!r->cg[0]) return;
    long long ns = cg_cpu_ns(r->cg);
    if (ns / 1000 > *cpu_us) *cpu_us = ns / 1000;
    long long peak = cg_read(0, r->cg, cg_version == 2 ? "memory.peak" : "memory.max_usage_in_bytes", 0);
    *peak_kb = peak > 0 ? peak / 1024 : 0;
    if (peak < 0 || peak + (1 << 20) >= r->cg_limit) { /* (the kernel rounds the limit down to pages) */
        /* 1: the kernel killed for memory; 2: the run hit its limit (an allocation may have been refused) */
        if (cg_read(0, r->cg, cg_version == 2 ? "memory.events" : "memory.oom_control", "oom_kill") > 0)
            *oom = 1;
        else if ((cg_version == 2 ? cg_read(0, r->cg, "memory.events", "max") : cg_read(0, r->cg, "memory.failcnt", 0)) > 0)
            *oom = 2;
    }
}

/* Every CG_POLL_NS while runs are live: a run whose processes together are over its CPU limit is killed
 * (its program's end then ends the run as usual). */
static long long cg_polled_ns;
static void cg_poll(void) {
    long long now = now_ns();
    if (now - cg_polled_ns < CG_POLL_NS) return;
    cg_polled_ns = now;
    for (int i = 0; i < MAX_RUNS; i++)
        if (runs[i].token && !runs[i].done && runs[i].cg[0] && cg_cpu_ns(runs[i].cg) > runs[i].cpu_limit_ns)
            cg_kill(runs[i].cg, 1);
}

static int cg_live(void) {
    for (int i = 0; cg_version && i < MAX_RUNS; i++)
        if (runs[i].token && !runs[i].done && runs[i].cg[0]) return 1;
    return 0;
}

static void report(struct run *r) {
    struct ns_result *o = ns_mode ? &ns_results[r - runs] : 0;
    if (o && o->valid) { /* else its first process was killed (a time-out): its own end is the run's */
        r->status = o->status;
        r->ru = o->ru;
        r->exec_errno = o->exec_errno;
    }
    long long cpu_us = (long long)r->ru.ru_utime.tv_sec * 1000000 + r->ru.ru_utime.tv_usec +
                       (long long)r->ru.ru_stime.tv_sec * 1000000 + r->ru.ru_stime.tv_usec;
    /* kill first, report after: whatever of the run is left dies before anyone hears of its end */
    long long alone = clear_uid(r->fast ? spares[r->spare].uid : r->uid);
    net_give(r->netfd, (int)alone);
    long long peak_kb, oom;
    cg_end(r, &cpu_us, &peak_kb, &oom);
    if (r->fast) {
        /* the runner takes its dir back (and reuses its uid if nothing of it is left) before the host
         * hears of the run, so a request the host then sends the runner finds the dir gone */
        struct spare *sp = &spares[r->spare];
        long long d[2] = {sp->uid, alone};
        send_nums(SOCK, 'D', d, 2, sp->dir);
        sp->state = 0;
        long long v[10] = {r->token, r->status, cpu_us, r->ru.ru_maxrss, r->exec_errno,
                           (now_ns() - r->start_ns) / 1000, r->timed_out, peak_kb, oom, alone};
        if (host_open) send_nums(HOST, 'X', v, 10, 0);
    } else {
        long long v[10] = {r->token, r->status, cpu_us, r->ru.ru_maxrss, r->exec_errno, r->pid,
                           peak_kb, oom, r->timed_out, alone};
        send_nums(SOCK, 'X', v, 10, 0);
    }
    if (r->cg[0]) cg_remove(r->cg); /* read and emptied already: it goes while the host judges on */
    r->cg[0] = 0;
    r->token = 0;
}

/* Reap every child that has ended; a run's program ends its run, anything else was an orphan. */
static void collect(void) {
    for (;;) {
        int status;
        struct rusage ru;
        long pid = sys6(__NR_wait4, -1, (long)&status, 1 /* WNOHANG */ | 0x40000000, (long)&ru, 0, 0);
        if (pid == -EINTR) continue;
        if (pid <= 0) break;
        if (pid == zygote_pid) { /* it died: warm runs are exec'd from now on */
            zygote_pid = 0;
            zygote_stop();
            continue;
        }
        for (int i = 0; i < MAX_RUNS; i++)
            if (runs[i].token && runs[i].pid == pid) {
                runs[i].status = status;
                runs[i].ru = ru;
                runs[i].done = 1;
                break;
            }
    }
}

/* 1 if we have no child at all, running or not: then nothing of any run is left, since whatever
 * outlives a program is reparented to us, the subreaper, and the rest stays below it. One system
 * call (it reaps nothing) where the NPROC probe costs two clones; with other runs going, or any
 * doubt, the probe decides. */
static int no_children(void) {
    if (zygote_pid > 0) { /* the zygote is a child of ours that is no run's: our children, as listed */
        char path[64], list[64], only[32];
        *put_str(put_num(put_str(path, "/proc/self/task/"), SYS(__NR_getpid, 0, 0, 0)), "/children") = 0;
        long fd = SYS(__NR_openat, -100, path, O_CLOEXEC);
        if (fd < 0) return 0;
        long n = SYS(__NR_read, fd, list, sizeof list - 1);
        SYS(__NR_close, fd, 0, 0);
        if (n <= 0) return 0;
        list[n] = 0;
        *put_str(put_num(only, zygote_pid), " ") = 0;
        return same(list, only);
    }
    char info[128];
    long r = sys6(__NR_waitid, 0 /* P_ALL */, 0, (long)info,
                  4 /* WEXITED */ | 1 /* WNOHANG */ | 0x01000000 /* WNOWAIT */ | 0x40000000 /* __WALL */, 0, 0);
    return r == -ECHILD;
}

/* Make sure nothing of uid is left (1), killing whatever is; 0 if that failed (the runner goes on trying).
 * It runs before the next request is even read, so no later run meets a survivor of this one. */
static int clear_uid(long uid) {
    if (ns_mode) return 1; /* the run's pid namespace died with its first process, and all in it */
    if (uid < 0) return 0;
    if (no_children()) return 1;
    for (int round = 0; round < 400; round++) {
        if (as_uid(uid, 1)) return 1;
        as_uid(uid, 2);
        collect(); /* the killed become zombies of ours, which still count until reaped */
        long ts[2] = {0, 2500000};
        SYS(__NR_nanosleep, ts, 0, 0);
    }
    return 0;
}

static void reap(void) {
    collect();
    /* only now: orphans that ended with the program are reaped, so they are not taken for survivors */
    for (int i = 0; i < MAX_RUNS; i++)
        if (runs[i].token && runs[i].done) report(&runs[i]);
}

static char packet[PACKET_MAX + 1];
static char *fields[MAX_ARGS + 16];

/* The zygote's command, from the "Z" packet, until the first warm run starts it (a sandbox that runs no
 * judge-side Python program never pays for one). */
static char zargs[PACKET_MAX + 1];
static char *zargv[MAX_ARGS + 1], *zenvp[MAX_ARGS + 1];
static int zygote_wanted;

/* Z ARGC ARGV... ENV...: keep the command (the packet buffer is reused by the next packet). */
static void want_zygote(int nf) {
    if (ns_mode || zygote_wanted || zygote >= 0 || nf < 3) return;
    long argc = (long)to_num(fields[1]);
    if (argc < 1 || 2 + argc > nf) return;
    char *p = zargs;
    int na = 0, ne = 0;
    for (int i = 2; i < nf; i++) {
        unsigned long n = len(fields[i]) + 1;
        if (p + n > zargs + sizeof zargs) return;
        memcpy(p, fields[i], n);
        if (i < 2 + argc) zargv[na++] = p;
        else zenvp[ne++] = p;
        p += n;
    }
    zargv[na] = 0;
    zenvp[ne] = 0;
    zygote_wanted = 1;
}

/* Start the zygote as our child, as root, its socket on fd 3; once (one that dies is not replaced). */
static void start_zygote(void) {
    zygote_wanted = 0;
    int sv[2];
    if (sys6(__NR_socketpair, 1 /* AF_UNIX */, 5 /* SOCK_SEQPACKET */ | O_CLOEXEC, 0, (long)sv, 0, 0) != 0) return;
    struct child c;
    memset(&c, 0, sizeof c);
    c.prog = zargv;
    c.envp = zenvp;
    c.uid = -1;
    c.probe = 3; /* child_main: not a run, the zygote */
    c.fds[0] = sv[1];
    c.err_fd = -1;
    c.netfd = -1;
    long pid = spawn_child(&c);
    SYS(__NR_close, sv[1], 0, 0);
    if (pid <= 0 || c.exec_errno) {
        SYS(__NR_close, sv[0], 0, 0);
        return;
    }
    zygote = sv[0];
    zygote_pid = pid;
}

/* A warm run: the zygote forks it (see the head of this file). Its pid, -errno (the run fails), or
 * -EAGAIN - 1000 when the zygote is no use (it is stopped: the run is exec'd instead). */
#define ZYGOTE_GONE (-EAGAIN - 1000)
static long zygote_spawn(struct child *c) {
    char *p = zpacket, *end = zpacket + sizeof zpacket - 32;
    long long nums[6] = {c->uid, (long long)c->cpu, (long long)c->as, (long long)c->fsize,
                         (long long)c->nproc, (long long)c->nofile};
    p = put_str(p, "W"), *p++ = 0;
    if (len(c->dir) + 200 > sizeof zpacket) return ZYGOTE_GONE;
    p = put_str(p, c->dir), *p++ = 0;
    for (int i = 0; i < 6; i++) p = put_num(p, nums[i]), *p++ = 0;
    long argc = 0;
    while (c->prog[argc]) argc++;
    p = put_num(p, argc), *p++ = 0;
    for (int part = 0; part < 2; part++)
        for (char **a = part ? c->envp : c->prog; *a; a++) {
            unsigned long n = len(*a);
            if (p + n + 1 >= end) return ZYGOTE_GONE;
            memcpy(p, *a, n);
            p += n;
            *p++ = 0;
        }
    char control[sizeof(struct fs_cmsghdr) + 3 * sizeof(int) + 8];
    memset(control, 0, sizeof control);
    struct fs_cmsghdr *cm = (struct fs_cmsghdr *)control;
    cm->len = sizeof *cm + 3 * sizeof(int);
    cm->level = 1; /* SOL_SOCKET */
    cm->type = 1;  /* SCM_RIGHTS */
    memcpy(cm + 1, c->fds, 3 * sizeof(int));
    struct fs_iovec iov = {zpacket, (unsigned long)(p - zpacket)};
    struct fs_msghdr msg = {0, 0, &iov, 1, control, (sizeof *cm + 3 * sizeof(int) + 7) & ~7UL, 0};
    long r;
    while ((r = sys6(__NR_sendmsg, zygote, (long)&msg, 0x4000 /* MSG_NOSIGNAL */, 0, 0, 0)) == -EINTR) {}
    if (r < 0) {
        zygote_stop();
        return ZYGOTE_GONE;
    }
    /* the answer comes once the run is set up (milliseconds); a zygote that does not answer is stopped */
    char answer[64];
    long ts[2] = {10, 0};
    struct fs_pollfd pfd = {zygote, 1 /* POLLIN */, 0};
    long ready;
    while ((ready = sys6(__NR_ppoll, (long)&pfd, 1, (long)ts, 0, 8, 0)) == -EINTR) {}
    long n = ready > 0 ? SYS(__NR_read, zygote, answer, sizeof answer - 1) : -1;
    if (n < 3 || (answer[0] != 'P' && answer[0] != 'E')) {
        zygote_stop();
        return ZYGOTE_GONE;
    }
    answer[n] = 0;
    long v = (long)to_num(answer + 2);
    if (answer[0] == 'E') return v > 0 ? -v : -ENOMEM;
    return v > 0 ? v : ZYGOTE_GONE;
}

static char home[300], tmpdir[300];

/* Start a program: LIM = the five limits, then ARGC, ARGV..., ENV... up to fields[nf]. A fast run
 * (the host's) gets HOME and TMPDIR = its dir, which only we know; the runner sends its own. CG_MADE: the
 * run's cgroup was made when its dir was staged. */
static long launch(struct run *r, const char *dir, long uid, int lim, int nf, int *fds, int fast, int cg_made) {
    long argc = (long)to_num(fields[lim + 5]);
    int first = lim + 6;
    if (argc < 1 || first + argc > nf) return -EINVAL;
    char *envp[MAX_ARGS + 3];
    int ne = 0;
    for (int i = first + (int)argc; i < nf; i++) envp[ne++] = fields[i];
    if (fast) {
        *put_str(put_str(home, "HOME="), dir) = 0;
        *put_str(put_str(tmpdir, "TMPDIR="), dir) = 0;
        envp[ne++] = home;
        envp[ne++] = tmpdir;
    }
    envp[ne] = 0;
    fields[first + argc] = 0; /* argv ends where the environment began */
    struct child c;
    memset(&c, 0, sizeof c);
    c.dir = dir;
    c.uid = uid;
    c.cpu = to_num(fields[lim]);
    c.as = to_num(fields[lim + 1]);
    c.fsize = to_num(fields[lim + 2]);
    c.nproc = to_num(fields[lim + 3]);
    c.nofile = to_num(fields[lim + 4]);
    c.prog = fields + first;
    c.envp = envp;
    c.fds[0] = fds[0], c.fds[1] = fds[1], c.fds[2] = fds[2];
    c.err_fd = -1;
    if (cg_version) { /* a run without its cgroup is no run: it would hold only its rlimits */
        const char *name = cg_name(dir);
        if (!*name || len(name) >= CG_NAME_MAX) return -EINVAL;
        long e = cg_make(name, cg_made, c.as + c.fsize, c.nproc);
        if (e != 0) return e;
        c.cg = name;
        c.held = 1;
    }
    long long start = now_ns();
    long pid = ZYGOTE_GONE;
    if (!ns_mode && has_env(envp, "FS_WARM=1")) {
        if (zygote_wanted) start_zygote();
        if (zygote >= 0) pid = zygote_spawn(&c);
    }
    c.netfd = -1;
    if (pid == ZYGOTE_GONE) { /* a warm run is the judge's own program: it stays in the sandbox's namespaces */
        long net = net_take();
        c.netfd = (int)net;
        pid = net < 0 ? net : ns_mode ? spawn_ns_init(&c, &ns_results[r - runs]) : spawn_child(&c);
    }
    if (pid < 0) {
        net_give(c.netfd, 1); /* nothing ran in it */
        if (c.cg) cg_remove(c.cg);
        return pid;
    }
    memset(r, 0, sizeof *r);
    r->netfd = c.netfd;
    if (c.cg) memcpy(r->cg, c.cg, len(c.cg) + 1);
    r->cpu_limit_ns = (long long)c.cpu * 1000000000LL;
    r->cg_limit = (long long)(c.as + c.fsize);
    r->pid = pid;
    r->uid = uid;
    r->exec_errno = c.exec_errno;
    r->start_ns = r->seen_ns = start;
    return pid;
}

static struct run *free_run(void) {
    for (int i = 0; i < MAX_RUNS; i++)
        if (!runs[i].token) return &runs[i];
    return 0;
}

/* R TOKEN DIR UID limits... from the runner */
static void start_run(int nf, int *fds) {
    long token = (long)to_num(fields[1]);
    struct run *r = free_run();
    long pid = !r || !token ? -EAGAIN : nf < 9 ? -EINVAL : launch(r, fields[2], to_id(fields[3]), 4, nf, fds, 0, 0);
    if (pid < 0) {
        long long v[2] = {token, -pid};
        send_nums(SOCK, 'E', v, 2, 0);
        return;
    }
    r->token = token;
}

/* F ID limits... from the host: run in a staged dir, or say N (no dir ready: use the runner) */
static void start_fast(int nf, int *fds) {
    long id = (long)to_num(fields[1]);
    struct run *r = free_run();
    int s = 0;
    while (s < MAX_SPARES && spares[s].state != 1) s++;
    if (!r || !id || s == MAX_SPARES || nf < 8) {
        long long v[1] = {id};
        send_nums(HOST, 'N', v, 1, 0);
        return;
    }
    long pid = launch(r, spares[s].dir, spares[s].uid, 2, nf, fds, 1, spares[s].cg_made);
    spares[s].cg_made = 0; /* used, or removed with the run that could not start */
    if (pid < 0) {
        long long v[2] = {id, -pid};
        send_nums(HOST, 'E', v, 2, 0);
        return;
    }
    spares[s].state = 2;
    r->token = id;
    r->fast = 1;
    r->spare = s;
}

static void add_spare(int nf) {
    for (int s = 0; s < MAX_SPARES && nf >= 3; s++)
        if (spares[s].state == 0 && len(fields[1]) < sizeof spares[s].dir - 8) {
            memcpy(spares[s].dir, fields[1], len(fields[1]) + 1);
            spares[s].uid = to_id(fields[2]);
            spares[s].state = 1;
            spares[s].cg_made = cg_stage(spares[s].dir);
            return;
        }
}

static struct run *run_of(long token, int fast) {
    for (int i = 0; i < MAX_RUNS; i++)
        if (runs[i].token == token && token && runs[i].fast == fast) return &runs[i];
    return 0;
}

/* How a run's report says the wall clock ended it (twins in protocol.py: TIMED_OUT_IDLE, TIMED_OUT_FORCED). */
#define TIMED_OUT_IDLE 1
#define TIMED_OUT_FORCED 2
/* The share of wall time, in percent, under which a run past its backstop is idle (twin: IDLE_CPU_SHARE). */
#define IDLE_PERCENT 5

static void kill_run(struct run *r, int how) {
    if (!r) return;
    r->timed_out = how;
    /* its session (the runner kills by uid), or its pid namespace's first process and so all in it */
    SYS(__NR_kill, ns_mode ? r->pid : -r->pid, SIGKILL, 0);
}

/* B TOKEN BACKSTOP_MS, sent now and then once a run's wall time may be past its backstop: a run past it
 * that used under IDLE_PERCENT of the wall time since the last look is idle (asleep, or waiting on input it
 * never gets) and is killed, a time-out of its own making; a busy one is left to its CPU limit, which a busy
 * machine only delays. The wall time is the program's own, from its start here (not from the request).
 * Without a cgroup to read its CPU from, the run is ended and the host decides by its CPU time. */
static void backstop(struct run *r, long long backstop_ms) {
    if (!r || r->done || r->timed_out) return;
    long long now = now_ns();
    if (now - r->start_ns < backstop_ms * 1000000LL) return;
    long long cpu = r->cg[0] ? cg_cpu_ns(r->cg) : -1;
    if (cpu < 0) {
        kill_run(r, TIMED_OUT_FORCED);
        return;
    }
    if ((cpu - r->seen_cpu_ns) * 100 < (now - r->seen_ns) * IDLE_PERCENT) {
        kill_run(r, TIMED_OUT_IDLE);
        return;
    }
    r->seen_ns = now;
    r->seen_cpu_ns = cpu;
}

/* One packet from SOCK (the runner) or HOST; 0 once that peer is gone, -1 when none is waiting. */
static int take_packet(int sock) {
    char control[64];
    struct fs_iovec iov = {packet, PACKET_MAX};
    struct fs_msghdr msg = {0, 0, &iov, 1, control, sizeof control, 0};
    long n = sys6(__NR_recvmsg, sock, (long)&msg, 0x40 /* MSG_DONTWAIT */ | 0x40000000 /* MSG_CMSG_CLOEXEC */,
                  0, 0, 0);
    if (n == -EAGAIN || n == -EINTR) return -1;
    if (n <= 0) return 0;
    int fds[3] = {-1, -1, -1}, nfds = 0;
    if (msg.controllen >= sizeof(struct fs_cmsghdr)) {
        struct fs_cmsghdr *cm = (struct fs_cmsghdr *)control;
        if (cm->level == 1 /* SOL_SOCKET */ && cm->type == 1 /* SCM_RIGHTS */) {
            int *got = (int *)(cm + 1);
            nfds = (int)((cm->len - sizeof *cm) / sizeof(int));
            for (int i = 0; i < nfds; i++)
                if (i < 3) fds[i] = got[i];
                else SYS(__NR_close, got[i], 0, 0);
        }
    }
    packet[n] = 0;
    int nf = 0;
    for (long i = 0; i < n && nf < MAX_ARGS + 10;) {
        fields[nf++] = packet + i;
        while (i < n && packet[i]) i++;
        i++;
    }
    char kind = nf >= 2 ? packet[0] : 0;
    if (sock == SOCK) {
        if (kind == 'R' && nfds == 3) start_run(nf, fds);
        else if (kind == 'R') {
            long long v[2] = {(long long)to_num(fields[1]), EINVAL};
            send_nums(SOCK, 'E', v, 2, 0);
        } else if (kind == 'K') kill_run(run_of((long)to_num(fields[1]), 0), TIMED_OUT_FORCED);
        else if (kind == 'B' && nf >= 3) backstop(run_of((long)to_num(fields[1]), 0), to_num(fields[2]));
        else if (kind == 'S') add_spare(nf);
        else if (kind == 'Z') want_zygote(nf);
    } else {
        if (kind == 'F' && nfds == 3) start_fast(nf, fds);
        else if (kind == 'F') {
            long long v[2] = {(long long)to_num(fields[1]), EINVAL};
            send_nums(HOST, 'E', v, 2, 0);
        } else if (kind == 'K') kill_run(run_of((long)to_num(fields[1]), 1), TIMED_OUT_FORCED);
        else if (kind == 'B' && nf >= 3) backstop(run_of((long)to_num(fields[1]), 1), to_num(fields[2]));
    }
    for (int i = 0; i < 3; i++)
        if (fds[i] >= 0) SYS(__NR_close, fds[i], 0, 0);
    return 1;
}

static int fs_main(int argc, char **argv) {
    unsigned long chld = 1UL << (SIGCHLD - 1);
    for (int i = 1; i + 1 < argc; i++)
        if (same(argv[i], "ns")) ns_mode = 1, box_root = argv[++i];
        else if (same(argv[i], "cg") && i + 2 < argc) {
            cg_version = argv[++i][0] - '0';
            char *d = argv[++i];
            cg_ndirs = 0;
            while (*d && cg_ndirs < 3) {
                cg_dirs[cg_ndirs++] = d;
                while (*d && *d != ':') d++;
                if (*d) *d++ = 0;
            }
            /* asked for cgroups it cannot use: start no run at all rather than runs without them */
            if (*d || cg_ndirs != (cg_version == 1 ? 3 : cg_version == 2 ? 1 : -1)) return 125;
        }
    if (ns_mode) {
        long m = sys6(__NR_mmap, 0, MAX_RUNS * sizeof(struct ns_result), 3 /* PROT_READ | PROT_WRITE */,
                      0x01 | 0x20 /* MAP_SHARED | MAP_ANONYMOUS */, -1, 0);
        if (m < 0 && m > -4096) return 125;
        ns_results = (struct ns_result *)m;
    }
    SYS(__NR_fcntl, SOCK, F_SETFD, FD_CLOEXEC);
    host_open = SYS(__NR_fcntl, HOST, F_SETFD, FD_CLOEXEC) == 0;
    SYS(__NR_prctl, 36 /* PR_SET_CHILD_SUBREAPER */, 1, 0);
    SYS(__NR_prctl, 1 /* PR_SET_PDEATHSIG */, SIGKILL, 0);
    home_net = (int)SYS(__NR_openat, -100, "/proc/self/ns/net", O_CLOEXEC);
    set_signal(SIGPIPE, 1 /* SIG_IGN */);
    sys6(__NR_rt_sigprocmask, 0 /* SIG_BLOCK */, (long)&chld, 0, 8, 0, 0);
    long sfd = sys6(__NR_signalfd4, -1, (long)&chld, 8, O_CLOEXEC | O_NONBLOCK, 0, 0);
    if (sfd < 0) return 125;
    for (;;) {
        struct fs_pollfd p[3] = {{SOCK, 1 /* POLLIN */, 0}, {(int)sfd, 1, 0}, {host_open ? HOST : -1, 1, 0}};
        long tick[2] = {0, CG_POLL_NS}; /* while runs with cgroups are live: to hold them to their CPU limits */
        int live = cg_live();
        long n = sys6(__NR_ppoll, (long)p, 3, live ? (long)tick : 0, 0, 8, 0);
        if (n < 0 && n != -EINTR) return 125;
        if (live) cg_poll();
        if (p[1].revents) {
            char info[128];
            while (SYS(__NR_read, sfd, info, sizeof info) > 0) {}
            reap();
        }
        if (p[2].revents) {
            int more;
            while ((more = take_packet(HOST)) > 0) {}
            if (more == 0) { /* the host closed the fast channel: runs still come through the runner */
                SYS(__NR_close, HOST, 0, 0);
                host_open = 0;
            }
        }
        if (p[0].revents) {
            int more;
            while ((more = take_packet(SOCK)) > 0) {}
            if (more == 0) return 0; /* the runner is gone: PDEATHSIG and the sandbox end the rest */
        }
    }
}

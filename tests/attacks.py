"""Attack programs more than one hostile test runs (the sandbox's limits, tests/sandbox/test_run_limits.py; the
judge's doors, tests/judge/test_forgery.py): Python sources, each printing one line when it survives."""

# 1 GiB in memfds (written, never mapped: no address space is used), each under the output file limit.
MEMFD = """
import os
chunk = b"\\1" * (1 << 20)
fds = [os.memfd_create("hold") for _ in range(16)]
for fd in fds:
    for _ in range(64):
        os.write(fd, chunk)
print("held")
"""
# 6 x 200 MiB, each process under the 256 MiB limit.
SPREAD = """
import os, time
for _ in range(6):
    if os.fork() == 0:
        block = bytearray(200 << 20)
        for i in range(0, len(block), 4096):
            block[i] = 1
        time.sleep(3)
        os._exit(0)
time.sleep(1.5)
print("spread")
"""

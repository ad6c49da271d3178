"""Attack programs more than one hostile test runs (the sandbox's limits, tests/sandbox/test_run_limits.py; the
judge's doors, tests/judge/test_forgery.py): Python sources, each printing one line when it survives; and how
the sandbox tests compile one."""

from frontiersmith.models import Language
from frontiersmith.sandbox import ProgramHandle, ProgramRole, Sandbox


async def compiled_python(sb: Sandbox, code: str) -> ProgramHandle:
    """``code`` compiled in ``sb``: as the judge's own (``ProgramRole.JUDGE``) on the fast route, so its runs fork
    from the warm interpreter where there is one; as a solution otherwise, so they get a fresh interpreter."""
    judge = sb.settings.sandbox_fast_runs
    role = ProgramRole.JUDGE if judge else ProgramRole.SOLUTION
    c = await sb.compile(code, Language.PYTHON, name="verifier" if judge else "hostile", role=role)
    assert c.ok and c.program is not None, c.message
    return c.program


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
# 6 x 200 MiB, each process under the 256 MiB limit, held together: the parent ends (printing its line) only once
# every child has touched its memory or been killed, so how long that takes on a busy machine changes nothing.
SPREAD = """
import os, time
r, w = os.pipe()
for _ in range(6):
    if os.fork() == 0:
        os.close(r)
        block = bytearray(200 << 20)
        for i in range(0, len(block), 4096):
            block[i] = 1
        os.write(w, b"x")
        time.sleep(30)
        os._exit(0)
os.close(w)
os.set_blocking(r, False)
touched = killed = 0
while touched + killed < 6:
    try:
        touched += len(os.read(r, 6))
    except BlockingIOError:
        pass
    pid, status = os.waitpid(-1, os.WNOHANG)
    killed += pid != 0 and os.WIFSIGNALED(status)
    time.sleep(0.01)
print("spread")
"""

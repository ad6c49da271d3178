"""The ``docker`` backend: ONE container per sandbox, the runner as its main process, spoken to over attach.

The container has no network, a read-only root, tmpfs work space, memory/pids/CPU limits, every
capability dropped except the few the runner needs to switch each run to its own uid, and
no-new-privileges. It is removed on close, on errors, on time-outs and on cancellation; if our
process dies, its stdin closes, the runner exits and the engine removes it (auto_remove).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import struct
from pathlib import Path
from typing import Any

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings

from ._tempdirs import make_temp_dir
from .admission import box_bytes, max_parallel
from .backend import RunnerSandbox
from .base import RunLimits
from .bootstrap import CHANNEL, bootstrap_argv
from .pch import IMAGE_DIR
from .registry import sandbox_backend
from .wire import BASE_ENV, ROOT

log = logging.getLogger(__name__)

LABEL = "frontiersmith.sandbox"
# SYS_ADMIN: the launcher gives each run network and IPC namespaces of its own (see fs_exec.c); a run
# drops every capability with its uid
_RUNNER_CAPS = ["SETUID", "SETGID", "KILL", "CHOWN", "DAC_OVERRIDE", "FOWNER", "SYS_ADMIN"]
_PIPE_LIMIT = 1 << 30
XFER = f"{ROOT}/io/xfer"  # where the transfer dir is bound (inside.XFER): under io/, which no run may enter
_API_TIMEOUT_S = 60


def docker_client(timeout: int = _API_TIMEOUT_S) -> Any:
    """A client for the local engine, or a SandboxError sentence saying how to get one."""
    try:
        import docker

        client = docker.from_env(timeout=timeout)
        client.ping()
        return client
    except Exception as exc:
        raise SandboxError(
            f"The Docker engine is unreachable ({type(exc).__name__}); start dockerd or use --backend process."
        ) from None


def container_limits(
    settings: Settings, cgroups: bool = False, sized_for: tuple[RunLimits, ...] = ()
) -> dict[str, Any]:
    """The container's limits; ``cgroups``: its runs have cgroups of their own (then /box holds every run in
    flight at the largest of ``sized_for``'s limits and the settings': admission.box_bytes)."""
    workers = max(1, min(settings.workers, os.cpu_count() or 1))
    memory_mb = max(1024, settings.memory_limit_mb * settings.workers + 768)
    return {
        "mem_limit": f"{memory_mb}m",
        "memswap_limit": f"{memory_mb}m",
        "pids_limit": settings.process_limit * max_parallel(settings) + 64,
        "nano_cpus": workers * 1_000_000_000,
        # One container is one scheduling group: without a weight per worker, a busy host gives
        # all of its parallel tests together the CPU share of a single process.
        "cpu_shares": 1024 * workers,
        "box_size": box_bytes(settings, cgroups, sized_for),
    }


@sandbox_backend("docker")
class DockerSandbox(RunnerSandbox):
    """The ``docker`` backend: the runner in a container of the sandbox image, with no network, a read-only root
    and no capabilities."""

    python = "python3"
    _can_grow = True  # the runner is root in the container's own mount namespace (unless a profile forbids)

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._client: Any = None
        self._container_id: str | None = None
        self._attach: Any = None
        self._writer: asyncio.StreamWriter | None = None
        self._stdout = asyncio.StreamReader(limit=_PIPE_LIMIT)
        self._stderr_tail = b""
        self._demux_task: asyncio.Task[None] | None = None
        self._stdout_ended = False
        # FIFOs on the host, bind-mounted into the container: the runner's requests and replies bypass the engine's
        # attach relay once the runner has opened them (attach still carries start-up and stderr).
        self._chan_dir: str | None = None
        self._req_fd = -1
        self._rep_fd = -1
        self._on_chan = False
        self._xfer_dir: str | None = None

    async def _pch_include(self) -> str | None:
        # baked into the image by build_image; an older image has none, and g++ skips the -I
        return IMAGE_DIR if self.settings.sandbox_pch else None

    def _make_channel(self) -> None:
        try:
            self._chan_dir = str(make_temp_dir("fs-docker-chan"))  # 0700: no run uid gets in
            for name in ("req", "rep"):
                os.mkfifo(os.path.join(self._chan_dir, name), 0o600)
            # read-write opens never block and never see EOF; the attach stream tells us when the runner dies
            self._req_fd = os.open(os.path.join(self._chan_dir, "req"), os.O_RDWR | os.O_NONBLOCK)
            self._rep_fd = os.open(os.path.join(self._chan_dir, "rep"), os.O_RDWR | os.O_NONBLOCK)
        except OSError as exc:
            log.info("no FIFO channel for the docker sandbox (%s); using attach", exc)
            self._close_channel()

    def _close_channel(self) -> None:
        for fd in (self._req_fd, self._rep_fd):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._req_fd = self._rep_fd = -1
        if self._chan_dir is not None:
            shutil.rmtree(self._chan_dir, ignore_errors=True)
            self._chan_dir = None

    def _on_hello(self, hello: dict[str, Any]) -> None:
        if hello.get("chan") and self._rep_fd >= 0:
            self._on_chan = True
            self._direct_replies = True  # the FIFO's read callback settles replies itself
            asyncio.get_running_loop().add_reader(self._rep_fd, self._chan_readable)

    def _chan_readable(self) -> None:
        while not self._stdout_ended:
            try:
                data = os.read(self._rep_fd, 1 << 20)
            except BlockingIOError:
                return
            except OSError:
                break
            if not data:
                break
            if not self._feed_replies(data):
                self._stdout.feed_data(data)
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self._rep_fd)

    async def start(self) -> None:
        """Create and start the container and its runner; SandboxError when the image is missing or the engine
        does not start it in time (the sandbox is closed on any failure)."""
        self._make_channel()
        if self._chan_dir is not None:
            self._fast_dirs = (self._chan_dir, CHANNEL)
        try:
            await asyncio.wait_for(asyncio.to_thread(self._create_and_attach), _API_TIMEOUT_S + 10)
            assert self._attach is not None
            raw = getattr(self._attach, "_sock", self._attach)
            reader, self._writer = await asyncio.open_unix_connection(sock=raw, limit=_PIPE_LIMIT)
            self._demux_task = asyncio.get_running_loop().create_task(self._demux(reader))
            await asyncio.wait_for(
                asyncio.to_thread(self._client.api.start, self._container_id), _API_TIMEOUT_S
            )
            await self._start_runner()
        except BaseException as exc:
            await self.close()
            if isinstance(exc, TimeoutError):
                raise SandboxError("The Docker engine did not start the sandbox container in time.") from None
            raise

    def _create_and_attach(self) -> None:
        import docker

        self._client = docker_client()
        image = self.settings.sandbox_image
        try:
            self._client.images.get(image)
        except docker.errors.ImageNotFound:
            raise SandboxError(
                f"The sandbox image {image} is missing; run `frontiersmith sandbox build-image`."
            ) from None
        api = self._client.api
        # Each run's cgroup is made in a subtree of the host's, bind-mounted in: a run leaves the container's
        # memory and pids cgroups for its own, which holds all its processes to its limits.
        cgroup = self._open_cgroup()
        lim = container_limits(self.settings, cgroup is not None, self.sized_for)
        self._admission.box = lim["box_size"]
        binds = {self._chan_dir: {"bind": CHANNEL, "mode": "ro"}} if self._chan_dir else {}
        self._xfer_dir = str(make_temp_dir("fs-xfer"))
        self._xfer = (Path(self._xfer_dir), XFER)
        binds[self._xfer_dir] = {"bind": XFER, "mode": "rw"}  # 0700, beneath io/: no run enters it
        for host_dir, inside in cgroup.binds() if cgroup is not None else ():
            binds[host_dir] = {"bind": inside, "mode": "rw"}
        # cgroup v2 (nsdelegate) moves a process only between cgroups below its namespace's root
        extra = {"cgroupns": "host"} if cgroup is not None and cgroup.tree.version == 2 else {}
        host_config = api.create_host_config(
            network_mode="none",
            read_only=True,
            # /box is the only writable place (runs get TMPDIR inside their own dir); no /tmp
            # tmpfs, since Docker would make it world-writable and shared between runs.
            tmpfs={ROOT: f"rw,exec,nosuid,nodev,size={lim['box_size']},mode=755"},
            mem_limit=lim["mem_limit"],
            memswap_limit=lim["memswap_limit"],
            pids_limit=lim["pids_limit"],
            nano_cpus=lim["nano_cpus"],
            cpu_shares=lim["cpu_shares"],
            cap_drop=["ALL"],
            cap_add=_RUNNER_CAPS,
            security_opt=["no-new-privileges"],
            init=True,
            auto_remove=True,
            ipc_mode="none",  # private IPC namespace and no shared /dev/shm between runs
            binds=binds or None,
            **extra,
        )
        config = cgroup.config() if cgroup is not None else None
        created = api.create_container(
            image,
            command=bootstrap_argv(
                self.python, chan=CHANNEL if self._chan_dir else None, cgroup=config, xfer=XFER
            ),
            stdin_open=True,  # with detach=False this also sets StdinOnce: our EOF ends the runner
            network_disabled=True,
            user="0:0",
            working_dir=ROOT,
            environment=dict(BASE_ENV),
            labels={LABEL: "1"},
            host_config=host_config,
        )
        self._container_id = created["Id"]
        self._attach = api.attach_socket(
            self._container_id, params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1}
        )

    async def _demux(self, reader: asyncio.StreamReader) -> None:
        """Split Docker's multiplexed attach stream: stdout carries the runner's replies, stderr is kept for errors."""
        try:
            while True:
                header = await reader.readexactly(8)
                kind, size = header[0], struct.unpack(">I", header[4:])[0]
                payload = await reader.readexactly(size)
                if kind == 1:
                    self._stdout.feed_data(payload)
                else:
                    self._stderr_tail = (self._stderr_tail + payload)[-65536:]
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            self._stdout_ended = True
            self._stdout.feed_eof()

    def describe_isolation(self) -> str:
        """The container's isolation, what separates runs inside it, and the limits in force."""
        return (
            f"container (no network, read-only root, no capabilities); between runs: {self.isolation}; "
            f"limits: {self.limits}"
        )

    async def _send_bytes(self, data: bytes) -> None:
        if self._on_chan:
            await self._send_on_chan(data)
            return
        if self._writer is None:
            raise ConnectionError("not attached")
        self._writer.write(data)
        await self._writer.drain()

    async def _send_on_chan(self, data: bytes) -> None:
        view = memoryview(data)
        loop = asyncio.get_running_loop()
        while view:
            if self._stdout_ended:
                raise ConnectionError("the sandbox container is gone")
            try:
                view = view[os.write(self._req_fd, view) :]
                continue
            except BlockingIOError:
                pass
            ready: asyncio.Future[None] = loop.create_future()
            loop.add_writer(self._req_fd, _resolve, ready)
            try:
                # the runner may be gone with the FIFO full: look again now and then
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ready, 1.0)
            finally:
                loop.remove_writer(self._req_fd)

    async def _read_line(self) -> bytes:
        return await self._stdout.readline()

    async def _diagnostics(self) -> str:
        return self._stderr_tail.decode(errors="replace")

    async def _shutdown(self) -> None:
        if self._on_chan:
            self._on_chan = False
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._rep_fd)
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        if self._demux_task is not None:
            self._demux_task.cancel()
            with contextlib.suppress(BaseException):
                await self._demux_task
        if self._container_id is not None and self._client is not None:
            cid, self._container_id = self._container_id, None
            try:
                await asyncio.wait_for(asyncio.to_thread(_remove, self._client, cid), _API_TIMEOUT_S)
            except Exception as exc:  # the label lets `frontiersmith sandbox info --clean` find it later
                log.warning("could not remove sandbox container %s: %s", cid[:12], exc)
        if self._client is not None:
            with contextlib.suppress(Exception):
                self._client.close()
            self._client = None
        self._close_channel()
        if self._xfer_dir is not None:
            shutil.rmtree(self._xfer_dir, ignore_errors=True)
            self._xfer_dir = self._xfer = None


def _resolve(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


def _remove(client: Any, cid: str) -> None:
    import docker

    with contextlib.suppress(docker.errors.NotFound):
        client.api.remove_container(cid, force=True)

"""Building the Docker sandbox image locally (debootstrap + import) and reporting what sandboxing is available.

No registry is needed: ``debootstrap --variant=minbase --include=python3,g++`` makes a Debian root
file system, which is imported as the image. The CLI's ``sandbox build-image`` / ``sandbox info``
are thin shells over ``build_image`` and ``sandbox_info``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings, get_settings

from . import open_sandbox
from .docker_backend import LABEL, docker_client
from .pch import FLAGS, HEADER, IMAGE_DIR
from .process import bwrap_path

_DEBOOTSTRAP_TIMEOUT_S = 3600
# What an image built by this code holds; an image with an older version (or none) is rebuilt by
# ``build_image`` without --force. 2: the precompiled <bits/stdc++.h>.
IMAGE_VERSION = "2"
VERSION_LABEL = "frontiersmith.image-version"


class SandboxInfo(BaseModel):
    """What ``frontiersmith sandbox info`` reports: the backend, bubblewrap, whether Docker answers, and the
    sandbox image's state."""

    backend: str
    bwrap: str | None
    docker_reachable: bool
    docker_error: str | None = None
    image: str
    image_present: bool
    image_id: str | None = None
    image_size_mb: float | None = None
    image_current: bool | None = None  # built by this version's build_image (else: rebuild it)
    leftover_containers: int = 0
    # what keeps runs apart on each backend, found by starting one (or why it would not start)
    isolation: dict[str, str] = {}


def _split_tag(tag: str) -> tuple[str, str]:
    repo, sep, version = tag.rpartition(":")
    if not sep or "/" in version:
        return tag, "latest"
    return repo, version


def _image(client: Any, tag: str) -> Any | None:
    import docker

    try:
        return client.images.get(tag)
    except docker.errors.ImageNotFound:
        return None


def build_image(
    tag: str | None = None,
    suite: str = "bookworm",
    force: bool = False,
    mirror: str | None = None,
    log: Callable[[str], None] = print,
    settings: Settings | None = None,
) -> str:
    """Build the sandbox image (idempotent: an existing tag is kept unless ``force``); returns the image id."""
    settings = settings or get_settings()
    tag = tag or settings.sandbox_image
    client = docker_client()
    try:
        existing = _image(client, tag)
        if existing is not None and not force:
            if _version(existing) == IMAGE_VERSION:
                log(f"{tag} already exists ({existing.short_id}); use --force to rebuild it.")
                return str(existing.id)
            log(f"{tag} ({existing.short_id}) was built by an older frontiersmith; rebuilding it.")
        debootstrap = shutil.which("debootstrap")
        if debootstrap is None:
            raise SandboxError(
                "debootstrap is not installed; install it (apt-get install debootstrap) and retry."
            )
        if os.geteuid() != 0:
            raise SandboxError(
                "Building the image runs debootstrap, which needs root; run it as root (or with sudo)."
            )
        with tempfile.TemporaryDirectory(prefix="fs-rootfs-") as tmp:
            root = Path(tmp) / "rootfs"
            cmd = [debootstrap, "--variant=minbase", "--include=python3,g++", suite, str(root)]
            if mirror:
                cmd.append(mirror)
            log(f"debootstrap {suite} (python3, g++) into {root} ...")
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=_DEBOOTSTRAP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                raise SandboxError(
                    "debootstrap took longer than an hour; check the network or the mirror."
                ) from None
            if done.returncode != 0:
                tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
                raise SandboxError(
                    f"debootstrap failed ({' / '.join(tail) or 'no output'}); check the suite and mirror."
                )
            for junk in ("var/cache/apt/archives", "var/lib/apt/lists"):
                for entry in (root / junk).glob("*"):
                    if entry.is_file():
                        entry.unlink()
            _precompile_header(root, log)
            log(f"importing the root file system as {tag} ...")
            repo, version = _split_tag(tag)
            tar = subprocess.Popen(
                ["tar", "-C", str(root), "--numeric-owner", "-c", "."], stdout=subprocess.PIPE
            )
            try:
                assert tar.stdout is not None
                client.api.import_image(
                    src=tar.stdout,
                    repository=repo,
                    tag=version,
                    changes=["ENV LANG=C.UTF-8", f"LABEL {VERSION_LABEL}={IMAGE_VERSION}"],
                )
            finally:
                if tar.stdout is not None:
                    tar.stdout.close()
                tar.wait(timeout=600)
            if tar.returncode != 0:
                raise SandboxError("Packing the root file system with tar failed; check free disk space.")
        image = _image(client, tag)
        if image is None:
            raise SandboxError(f"docker import finished but {tag} is not there; check `docker images`.")
        log(f"built {tag} ({image.short_id}).")
        return str(image.id)
    finally:
        client.close()


def _version(image: Any) -> str | None:
    return ((image.attrs.get("Config") or {}).get("Labels") or {}).get(VERSION_LABEL)


def _precompile_header(root: Path, log: Callable[[str], None]) -> None:
    """The image's own precompiled <bits/stdc++.h> (sandbox/pch.py), made by its compiler in a chroot: a
    C++ compile in the image then takes a third of the time. Without it the image still works, only slower."""
    headers = sorted(root.glob(f"usr/include/*/c++/*/{HEADER}"))
    if not headers:
        log(f"no <{HEADER}> in the image; C++ compiles will parse it each time.")
        return
    inside = "/" + str(headers[-1].relative_to(root))
    target = Path(IMAGE_DIR) / f"{HEADER}.gch"
    (root / target.parent.relative_to("/")).mkdir(mode=0o755, parents=True, exist_ok=True)
    log(f"precompiling <{HEADER}> with the image's g++ ...")
    done = subprocess.run(
        ["chroot", str(root), "g++", *FLAGS, "-x", "c++-header", inside, "-o", str(target)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        log(f"precompiling <{HEADER}> failed ({done.stderr.strip()[-200:]}); C++ compiles will be slower.")
        return
    os.chmod(root / target.relative_to("/"), 0o644)


def sandbox_info(settings: Settings | None = None) -> SandboxInfo:
    """What sandboxing this machine offers: bwrap, the Docker engine, the image, stale containers."""
    settings = settings or get_settings()
    info = SandboxInfo(
        backend=settings.sandbox_backend,
        bwrap=bwrap_path(),
        docker_reachable=False,
        image=settings.sandbox_image,
        image_present=False,
    )
    info.isolation["process"] = _isolation("process", settings)
    try:
        client = docker_client(timeout=10)
    except SandboxError as exc:
        info.docker_error = str(exc)
        return info
    try:
        info.docker_reachable = True
        image = _image(client, settings.sandbox_image)
        if image is not None:
            info.image_present = True
            info.image_id = image.short_id
            info.image_size_mb = round(image.attrs.get("Size", 0) / 1e6, 1)
            info.image_current = _version(image) == IMAGE_VERSION
        # sparse: the list alone, not an inspect of each (a container another process removes in between
        # would fail the whole report with NotFound)
        info.leftover_containers = len(
            client.containers.list(all=True, sparse=True, filters={"label": LABEL})
        )
    finally:
        client.close()
    if info.image_present:
        info.isolation["docker"] = _isolation("docker", settings)
    return info


def _isolation(backend: str, settings: Settings) -> str:
    import anyio

    async def probe() -> str:
        async with open_sandbox(backend, settings) as sb:
            return sb.describe_isolation()

    try:
        return anyio.run(probe)
    except SandboxError as exc:
        return f"none: {exc}"

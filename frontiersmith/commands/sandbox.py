"""`frontiersmith sandbox ...`: build the Docker image locally and report what sandboxing is available."""

from __future__ import annotations

import json

import typer

from .shell import App

app = App(no_args_is_help=True)


@app.command("build-image")
def build_image_cmd(
    tag: str | None = typer.Option(None, "--tag", help="Image tag (default: the sandbox_image setting)."),
    suite: str = typer.Option("bookworm", "--suite", help="Debian suite for debootstrap."),
    mirror: str | None = typer.Option(None, "--mirror", help="Debian mirror URL (default: debootstrap's)."),
    force: bool = typer.Option(
        False,
        "--force",
        help="Rebuild even if the tag exists (one an older frontiersmith built is rebuilt anyway).",
    ),
) -> None:
    """Build the Docker sandbox image: debootstrap a minimal Debian with python3 and g++, then import it."""
    from frontiersmith.sandbox.image import build_image

    build_image(tag=tag, suite=suite, force=force, mirror=mirror, log=typer.echo)


@app.command("info")
def info_cmd(as_json: bool = typer.Option(False, "--json", help="Print the report as JSON.")) -> None:
    """Show the configured backend, whether bwrap and the Docker engine are present, and the image."""
    from frontiersmith.sandbox.image import sandbox_info

    info = sandbox_info()
    if as_json:
        typer.echo(json.dumps(info.model_dump(), indent=2))
        return
    typer.echo(f"backend:        {info.backend}")
    typer.echo(f"bwrap:          {info.bwrap or 'not found (process backend falls back to rlimits only)'}")
    docker = "reachable" if info.docker_reachable else f"unreachable ({info.docker_error})"
    for name, how in info.isolation.items():
        typer.echo(f"isolation ({name}): {how}")
    typer.echo(f"docker engine:  {docker}")
    if info.docker_reachable:
        image = f"present ({info.image_id}, {info.image_size_mb} MB)" if info.image_present else "missing"
        typer.echo(f"image:          {info.image} {image}")
        if not info.image_present:
            typer.echo("                run `frontiersmith sandbox build-image` to build it")
        elif not info.image_current:
            typer.echo(
                "                built by an older frontiersmith: `frontiersmith sandbox build-image` rebuilds it"
            )
        if info.leftover_containers:
            typer.echo(f"containers:     {info.leftover_containers} sandbox container(s) still exist")

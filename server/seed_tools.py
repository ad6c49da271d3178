"""MCP tools and the ``seed://`` resource for the seeds synthesis starts from: add an authored closed problem,
list the seeds, read one. Thin adapters over ``frontiersmith.tools.seeds``."""

from __future__ import annotations

from typing import Annotated, cast
from urllib.parse import unquote

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from frontiersmith.models import Comparison, SeedStatus
from frontiersmith.tools.seeds import view
from frontiersmith.tools.seeds.authored import AuthoredSeed, add_authored_seed
from frontiersmith.tools.seeds.validate import SeedValidator

from .backend import Backend, FrontierSmithServer, progress
from .content import caller_mistakes
from .scopes import Grant

SeedId = Annotated[str, Field(description="A seed id from list_seeds (seed_...); a unique prefix is enough.")]


class AddSeedOut(BaseModel):
    """A seed added by add_seed: its id, whether it was new, and its verification status."""

    seed_id: str = Field(description="Mutate it with mutate_problem(parent_id=seed_id, axis=...).")
    stored: bool = Field(
        description="False when the same statement was stored before (it is returned as it is)."
    )
    status: SeedStatus = Field(
        description="verified: a reference passes every test; unverified: none does (status_reason says "
        "which test and verdict); untested: no reference or no test with an answer."
    )
    status_reason: str = ""
    comparison: Comparison = Field(description="How outputs were compared with the answers.")
    tests: int
    references: int


class SeedListOut(BaseModel):
    """The seeds in the pool, as list_seeds returns them."""

    seeds: list[view.SeedRow]


def _backend(ctx: Context) -> Backend:
    return cast(FrontierSmithServer, ctx.mcp_server).backend


async def add_seed(
    ctx: Context,
    seed: Annotated[
        AuthoredSeed, Field(description="The closed problem you wrote, with its tests and references.")
    ],
) -> AddSeedOut:
    """Add a closed competitive-programming problem you wrote to the seed pool that synthesis mutates: its
    statement, its (O, C_I, C_O) tuple (objective, input constraints, output constraints), tests with their
    expected answers, and optionally reference solutions. Each reference runs in the sandbox on every test
    and its output is compared with the answer (exact, token, or float within 1e-6), or judged by the seed's
    own testlib `checker` when it brings one (a statement that accepts any of several answers needs one, else
    it is stored unverified): the seed is stored verified when one reference passes them all, unverified (with
    the reason) when none does, untested without a reference. Adding the same statement again returns the
    stored seed."""
    backend = _backend(ctx)
    store = backend.store()
    async with backend.sandbox_slot(ctx, "add_seed"):
        await progress(ctx, 0, 1, "running the reference solutions")
        async with SeedValidator(backend.settings) as validator:
            stored, validation = await add_authored_seed(store, seed, validator)
        await progress(ctx, 1, 1, "seed stored")
    row = view.seed_row(store, stored)
    return AddSeedOut(
        seed_id=stored.id,
        stored=validation is not None,
        status=stored.status,
        status_reason=stored.status_reason,
        comparison=stored.comparison,
        tests=row.tests,
        references=row.references,
    )


async def list_seeds(ctx: Context) -> SeedListOut:
    """The seeds synthesis can start from (the built-in catalog's and the imported or added ones): id, title,
    source (file:row of an import), status, number of tests and references, and the objective kind."""
    return SeedListOut(seeds=view.list_seed_rows(_backend(ctx).store()))


async def get_seed(ctx: Context, seed_id: SeedId) -> view.SeedView:
    """One seed in full: statement, (O, C_I, C_O) tuple and who wrote it, provenance (format, file, row,
    source, license), status and its reason, comparison, tests (sizes, whether each has an answer) and
    reference solutions (language, author)."""
    return view.seed_view(_backend(ctx).store(), seed_id)


def register(mcp: MCPServer, backend: Backend, grant: Grant) -> None:
    """Register add_seed, list_seeds and get_seed on ``mcp``, and the ``seed://`` resource when ``grant``
    serves it."""
    for tool in (add_seed, list_seeds, get_seed):
        mcp.add_tool(tool)
    if "seed" not in grant.resources:
        return  # resources cannot be removed once registered (server/app._keep_only)

    @mcp.resource(
        "seed://{seed_id}",
        name="seed",
        description="A seed as JSON: statement, tuple, provenance, status, comparison, tests and references.",
        mime_type="application/json",
    )
    def seed_resource(seed_id: str) -> str:
        with caller_mistakes():
            return view.seed_view(backend.store(), unquote(seed_id)).model_dump_json(indent=1)


__all__ = ["AddSeedOut", "SeedListOut", "register"]

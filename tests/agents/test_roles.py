"""An agent's standing instructions name only the server tools its turn offers (no model involved).

A strong model told "call mutate_problem" by an agent that was not offered it spends turns on a tool that does not
exist; the pipeline's drafting mode offers the authoring roles read-only tools, so their instructions must shrink
with it."""

from __future__ import annotations

import re

import pytest

from frontiersmith.agents.roles import READ_ONLY_TOOLS, ROLES
from frontiersmith.server.scopes import GRANTS

SERVER_TOOLS = frozenset().union(*(grant.tools for grant in GRANTS.values()))


def named_tools(text: str) -> set[str]:
    return {tool for tool in SERVER_TOOLS if re.search(rf"\b{tool}\b", text)}


@pytest.mark.parametrize("name", sorted(ROLES))
def test_instructions_name_exactly_the_tools_offered_in_every_mode(name):
    role = ROLES[name]
    assert set(role.tools) <= SERVER_TOOLS, "a role offers a tool the server does not have"
    # every tool the role has is explained when offered, in full mode
    assert named_tools(role.instructions_for(role.tools)) == set(role.tools)
    for offered in (READ_ONLY_TOOLS.get(name, ()), ()):
        assert named_tools(role.instructions_for(offered)) == set(offered) & set(role.tools)

"""The one place the server leans on the MCP SDK beyond its published API (server/sdk.py): every way the SDK
registers a tool, a prompt, a static resource or a resource template goes through the public methods the
adapter overrides, so what it recorded is exactly what a real client lists, with every description cleaned.
If an SDK release registers some other way, these fail before the scopes silently stop applying."""

from __future__ import annotations

import inspect

import pytest
from mcp import Client

from frontiersmith.server.scopes import uri_scheme
from frontiersmith.server.sdk import RegisteringServer

pytestmark = pytest.mark.anyio


def _server() -> RegisteringServer:
    server = RegisteringServer("adapter")

    @server.tool()
    def decorated_tool(x: int) -> int:
        """A tool registered by the SDK's decorator.

        Its docstring is indented as source is."""
        return x

    def added_tool(y: int) -> int:
        """A tool registered by add_tool.

        Indented too."""
        return y

    server.add_tool(added_tool, name="added", description="    Given its own description.\n    Two lines.")

    @server.prompt()
    def a_prompt(topic: str) -> str:
        """A prompt.

        Indented."""
        return topic

    @server.resource("static://one")
    def static_resource() -> str:
        """A static resource.

        Indented."""
        return "one"

    @server.resource("template://{name}")
    def template_resource(name: str) -> str:
        """A resource template.

        Indented."""
        return name

    return server


async def test_what_the_adapter_recorded_is_what_a_client_lists() -> None:
    server = _server()
    async with Client(server) as client:
        tools = (await client.list_tools()).tools
        prompts = (await client.list_prompts()).prompts
        resources = (await client.list_resources()).resources
        templates = (await client.list_resource_templates()).resource_templates
    assert server.registered.tools == {t.name for t in tools} == {"decorated_tool", "added"}
    assert server.registered.prompts == {p.name for p in prompts} == {"a_prompt"}
    schemes = {uri_scheme(str(r.uri)) for r in resources} | {uri_scheme(t.uri_template) for t in templates}
    assert server.registered.schemes == schemes == {"static", "template"}
    for item in [*tools, *prompts, *resources, *templates]:
        assert item.description and item.description == inspect.cleandoc(item.description), item.name
        assert "\n    " not in item.description, item.name


async def test_what_the_scopes_remove_goes_through_the_public_api() -> None:
    server = _server()
    server.remove_tool("added")
    server.remove_prompt("a_prompt")
    async with Client(server) as client:
        assert {t.name for t in (await client.list_tools()).tools} == {"decorated_tool"}
        assert (await client.list_prompts()).prompts == []

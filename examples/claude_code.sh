#!/bin/sh
# Connect Claude Code to FrontierSmith (run once; `claude mcp list` shows the result).

# stdio: Claude Code starts `frontiersmith serve` itself, one server per session.
claude mcp add frontiersmith -- frontiersmith serve

# Streamable HTTP: one long-running server that several agents share. Start it first, in another shell:
#   FRONTIERSMITH_HTTP_TOKEN=... frontiersmith serve --http --host 127.0.0.1 --port 8765
# and give Claude Code the same token as a bearer header:
claude mcp add --transport http frontiersmith-http http://127.0.0.1:8765/mcp --header "Authorization: Bearer $FRONTIERSMITH_HTTP_TOKEN"

#!/bin/sh
# Connect Claude Code to FrontierSmith (run once; `claude mcp list` shows the result).

# stdio: Claude Code starts `frontiersmith serve` itself, one server per session. `--tools solve` (the
# default) is for an agent that solves, or is being evaluated: it cannot touch a verifier. For a Claude Code
# that synthesises problems as well (mutate, verify, publish), write `--tools all` instead.
claude mcp add frontiersmith -- frontiersmith serve --tools solve

# Streamable HTTP: one long-running server that several agents share. Start it first, in another shell:
#   FRONTIERSMITH_HTTP_TOKEN=... frontiersmith serve --http --tools all --host 127.0.0.1 --port 8765
# and give Claude Code the same token as a bearer header (it grants every scope; an agent under evaluation
# gets the value of FRONTIERSMITH_HTTP_SOLVE_TOKEN instead, which only solves):
claude mcp add --transport http frontiersmith-http http://127.0.0.1:8765/mcp --header "Authorization: Bearer $FRONTIERSMITH_HTTP_TOKEN"

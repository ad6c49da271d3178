#!/bin/sh
# Connect Claude Code to FrontierSmith (run once; `claude mcp list` shows the result).

# stdio: Claude Code starts `frontiersmith serve` itself, one server per session. `--tools all` lets it
# synthesise problems as well as solve them; leave it out (the default is `--tools solve`) when Claude Code
# is the agent being evaluated, so it cannot touch a verifier.
claude mcp add frontiersmith -- frontiersmith serve --tools all

# Streamable HTTP: one long-running server that several agents share. Start it first, in another shell:
#   FRONTIERSMITH_HTTP_TOKEN=... frontiersmith serve --http --tools all --host 127.0.0.1 --port 8765
# and give Claude Code the same token as a bearer header (it grants every scope; an agent under evaluation
# gets the value of FRONTIERSMITH_HTTP_SOLVE_TOKEN instead, which only solves):
claude mcp add --transport http frontiersmith-http http://127.0.0.1:8765/mcp --header "Authorization: Bearer $FRONTIERSMITH_HTTP_TOKEN"

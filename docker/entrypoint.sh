#!/bin/sh
# The image's entrypoint. With no arguments, or only flags, it runs the team server,
# `lackpy mcp serve --http`, configured by the LACKPY_MCP_* variables (README, "Serving a team";
# the image sets the HTTP switch, 0.0.0.0 and /workspace, each overridable). Any other first
# argument runs that lackpy command instead (`store migrate`, `mcp token`, `trust`). `exec`, so
# SIGTERM and SIGHUP reach the server itself.
set -eu
export LACKPY_MCP_HTTP="${LACKPY_MCP_HTTP:-1}"
export LACKPY_MCP_HOST="${LACKPY_MCP_HOST:-0.0.0.0}"
export LACKPY_MCP_WORKSPACE="${LACKPY_MCP_WORKSPACE:-/workspace}"
case "${1:-}" in
  "" | -*) exec lackpy mcp serve "$@" ;;
  *) exec lackpy "$@" ;;
esac

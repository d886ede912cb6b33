#!/usr/bin/env bash
# LangChain's Agent Chat UI against AskBar in Debian's Chromium (tests/web/agent_chat_ui_check.py).
# Builds it once from the npm registry (create-agent-chat-app's Vite template, the Agent Chat UI
# source; npm install + vite build, about 3 minutes) into $ASKBAR_AGENT_CHAT_UI (default
# ~/.cache/askbar/agent-chat-ui, outside the checkout: nothing of it is committed), then runs the
# check. `--check-only` runs the check when a build is present and does nothing otherwise (what
# .ci/run calls).
#   bash tests/web/agent_chat_ui.sh [--check-only]
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=0.1.6
DIR=${ASKBAR_AGENT_CHAT_UI:-$HOME/.cache/askbar/agent-chat-ui}
if [ ! -f "$DIR/dist/index.html" ]; then
  if [ "${1:-}" = "--check-only" ]; then
    echo "agent-chat-ui: no build at $DIR (bash tests/web/agent_chat_ui.sh builds it); not checked"
    exit 0
  fi
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack "create-agent-chat-app@$VERSION" --silent >/dev/null && tar xzf "create-agent-chat-app-$VERSION.tgz")
  rm -rf "$DIR" && mkdir -p "$(dirname "$DIR")" && cp -r "$tmp/package/templates/vite" "$DIR"
  rm -rf "$tmp"
  (cd "$DIR" && npm install --no-audit --no-fund --silent && npx vite build --logLevel warn)
fi
ASKBAR_AGENT_CHAT_UI="$DIR" python -m pytest -q -p no:warnings tests/web/agent_chat_ui_check.py

#!/usr/bin/env bash
# `npm test`: the whole suite. Type checking, the library reference check (TypeDoc: every export
# of src/index.ts documented), the build (end-to-end tests run the built CLI), vitest (the
# PostgreSQL half of the store suite runs against a throwaway server, the studio's end-to-end test
# inside tmux), then this repository's own regression suites. Installs tmux and PostgreSQL from
# Debian's packages when they are missing and it runs as root (as on CI); otherwise says what to
# install.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing tmux (for the studio's end-to-end test)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends tmux >&2
  else
    echo "test: tmux is needed for the studio's end-to-end test; install it (Debian: apt-get install tmux)" >&2
    exit 1
  fi
fi

exec bash scripts/with-postgres.sh bash -c 'npm run typecheck && npm run docs:check && npm run build && npx vitest run && npm run test:suites'

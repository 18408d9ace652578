#!/usr/bin/env bash
# `npm test`: the whole suite. Type checking, the library reference check (TypeDoc: every export
# of src/index.ts documented), the build (the end-to-end tests and the doc test run the built CLI,
# so they always see the current sources), vitest (the PostgreSQL half of the store suite runs
# against a throwaway server, the studio's end-to-end test inside tmux, the doc test with curl and
# jq, the HTML report's browser test in Chromium), then this repository's own regression suites.
# Installs tmux, curl, jq, Chromium and PostgreSQL from Debian's packages when they are missing and
# it runs as root (as on CI); otherwise says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A why=(
  [tmux]="for the studio's end-to-end test"
  [curl]="for the doc test (the server examples of docs/)"
  [jq]="for the doc test (the examples of docs/)"
  [chromium]="for the HTML report's browser test"
)
missing=()
for tool in tmux curl jq chromium; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing ${missing[*]} (needed by the tests)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
  else
    for tool in "${missing[@]}"; do
      echo "test: $tool is needed ${why[$tool]}; install it (Debian: apt-get install $tool)" >&2
    done
    exit 1
  fi
fi

exec bash scripts/with-postgres.sh bash -c 'npm run typecheck && npm run docs:check && npm run build && npx vitest run && npm run test:suites'

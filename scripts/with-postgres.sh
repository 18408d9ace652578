#!/usr/bin/env bash
# Runs a command with RECAP_TEST_DATABASE_URL pointing at a throwaway PostgreSQL server
# (scripts/throwaway-postgres.sh: a cluster in a temp dir on a free loopback port), stopped and
# removed when the command ends.
#
#   bash scripts/with-postgres.sh npx vitest run src/server/store
#
# When RECAP_TEST_DATABASE_URL is already set, the command simply runs against that server.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/with-postgres.sh <command...>" >&2
  exit 2
fi

if [[ -n "${RECAP_TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

# The server lives as long as the pipe to its stdin: closed when this script ends, however it ends.
coproc POSTGRES { exec bash "$(dirname "$0")/throwaway-postgres.sh"; }
postgres_pid=$POSTGRES_PID
postgres_out=${POSTGRES[0]}
postgres_in=${POSTGRES[1]}
url=""
IFS= read -r url <&"$postgres_out" || true
if [[ -z "$url" ]]; then
  wait "$postgres_pid" 2>/dev/null || true
  echo "with-postgres: no PostgreSQL server to run the command against" >&2
  exit 1
fi
export RECAP_TEST_DATABASE_URL="$url"

stop_postgres() {
  exec {postgres_in}>&- {postgres_out}<&- 2>/dev/null || true
  wait "$postgres_pid" 2>/dev/null || true
}
trap stop_postgres EXIT

# The command runs in the background so that a signal to this script (a CI timeout) is passed
# on at once instead of after the command; <&0 keeps its stdin. It does not inherit the pipe.
status=0
"$@" <&0 {postgres_in}>&- {postgres_out}<&- &
child=$!
trap 'kill -INT "$child" 2>/dev/null || true' INT
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
wait "$child" || status=$?
# A trapped signal interrupts `wait`: wait again for the command's own exit status.
while kill -0 "$child" 2>/dev/null; do
  status=0
  wait "$child" || status=$?
done
exit "$status"

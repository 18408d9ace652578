#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (a cluster in a temp dir on a free loopback port), prints its
# URL on stdout, and keeps it until its stdin closes or it gets SIGINT/SIGTERM; then the server is
# stopped and its directory removed. Whoever starts it holds the pipe to its stdin, so the server
# ends with its owner however the owner ends, even killed.
#
#   bash scripts/throwaway-postgres.sh            # for tests: fsync and synchronous_commit off
#   bash scripts/throwaway-postgres.sh --durable  # PostgreSQL's durable defaults (benchmarks)
#
# Used by scripts/with-postgres.sh (tests) and bench/postgres-cluster.ts (benchmarks). Works
# without a terminal (CI); installs Debian's postgresql package when no server binaries are found
# and it runs as root with apt-get.
set -euo pipefail

durable=0
case "${1:-}" in
  --durable) durable=1 ;;
  "") ;;
  *)
    echo "usage: bash scripts/throwaway-postgres.sh [--durable]" >&2
    exit 2
    ;;
esac

say() { echo "throwaway-postgres: $*" >&2; }

# A directory holding initdb, pg_ctl and postgres, newest version first.
find_bindir() {
  local candidate
  if command -v pg_config >/dev/null 2>&1; then
    candidate="$(pg_config --bindir 2>/dev/null || true)"
    if [[ -n "$candidate" && -x "$candidate/initdb" && -x "$candidate/pg_ctl" && -x "$candidate/postgres" ]]; then
      echo "$candidate"
      return 0
    fi
  fi
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" && -x "$candidate/postgres" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && command -v postgres >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

bindir="$(find_bindir || true)"
if [[ -z "$bindir" ]]; then
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "no PostgreSQL server binaries found; installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    bindir="$(find_bindir || true)"
  fi
fi
if [[ -z "$bindir" ]]; then
  say "no PostgreSQL server binaries (initdb, pg_ctl, postgres) found."
  say "Install PostgreSQL (Debian: apt-get install postgresql), or set RECAP_TEST_DATABASE_URL"
  say "to a server you own, e.g. postgres://postgres@127.0.0.1:5432/postgres"
  exit 1
fi

# initdb refuses to run as root: the cluster then belongs to the postgres system user.
as_owner=()
if [[ "$(id -u)" -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    say "running as root, but there is no 'postgres' system user to own the throwaway cluster"
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

# Under /tmp, not $TMPDIR: the server's socket path must stay within about 100 characters.
workdir="$(mktemp -d /tmp/recap-postgres.XXXXXX)"
chmod 755 "$workdir"
if [[ ${#as_owner[@]} -gt 0 ]]; then chown postgres: "$workdir"; fi
datadir="$workdir/data"
logfile="$workdir/server.log"
started=0

cleanup() {
  if [[ "$started" -eq 1 ]]; then
    ${as_owner[@]+"${as_owner[@]}"} "$bindir/pg_ctl" -D "$datadir" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

${as_owner[@]+"${as_owner[@]}"} "$bindir/initdb" -D "$datadir" -U postgres --auth=trust --no-sync -E UTF8 --no-locale >"$workdir/initdb.log" 2>&1 || {
  cat "$workdir/initdb.log" >&2
  say "initdb failed"
  exit 1
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})"
}

settings="-c listen_addresses=127.0.0.1 -k $workdir -c max_connections=200"
# Tests throw the cluster away: durability only costs them time.
if [[ "$durable" -eq 0 ]]; then settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
# Benchmarks: durable, with the memory a server is given (the 128 MB default holds less than one
# set-up's indexes, and set-ups measured one after another would evict each other's).
if [[ "$durable" -eq 1 ]]; then settings="$settings -c shared_buffers=1GB"; fi

# Another process may take the port between picking and binding it: try a few.
for attempt in 1 2 3; do
  port="$(free_port)"
  if ${as_owner[@]+"${as_owner[@]}"} "$bindir/pg_ctl" -D "$datadir" -l "$logfile" -w -t 30 -s -o "$settings -p $port" start; then
    started=1
    break
  fi
done
if [[ "$started" -ne 1 ]]; then
  cat "$logfile" >&2 || true
  say "the PostgreSQL server did not start"
  exit 1
fi

say "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port$([[ "$durable" -eq 1 ]] && echo ' (durable settings)' || true)"
echo "postgres://postgres@127.0.0.1:$port/postgres"

# Until the owner closes our stdin (or ends). `read` returns non-zero at end of input.
while IFS= read -r _; do :; done

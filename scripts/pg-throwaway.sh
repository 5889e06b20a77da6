#!/usr/bin/env bash
# A throwaway Postgres cluster for lackpy's store tests and the load test: `initdb` into a
# temporary folder, started on a free loopback port with its unix socket in that folder, a role
# and database `lackpy` with a random password. Nothing outside the folder is touched, and
# `stop` removes it.
#
#   eval "$(scripts/pg-throwaway.sh start)"   # exports LACKPY_TEST_PG_URL and LACKPY_PG_DIR
#   scripts/pg-throwaway.sh stop "$LACKPY_PG_DIR"
#   scripts/pg-throwaway.sh bin                # where initdb is; fails when there is none
#
# Postgres refuses to run as root, so as root the cluster belongs to the `postgres` user (the
# Debian package makes it) or, without one, to a system user `lackpy-pg` made for it.
# PG_BIN names the folder of initdb/pg_ctl; otherwise pg_config's, else the newest
# /usr/lib/postgresql/*/bin, else PATH.
set -euo pipefail

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then echo "$newest"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "pg-throwaway: no Postgres found (initdb); install the postgresql package or set PG_BIN" >&2
  exit 1
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Runs a command as the cluster's owner (itself when not root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$OWNER" -- "$@"; else "$@"; fi
}

start() {
  local bin dir port password
  bin=$(find_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/lackpy-pg.XXXXXX")
  OWNER=$(id -un)
  if [ "$(id -u)" = 0 ]; then
    if getent passwd postgres >/dev/null; then
      OWNER=postgres
    else
      getent passwd lackpy-pg >/dev/null || useradd --system --no-create-home --shell /usr/sbin/nologin lackpy-pg
      OWNER=lackpy-pg
    fi
    chown "$OWNER" "$dir"
  fi
  chmod 700 "$dir"
  password=$(node -e 'console.log(require("crypto").randomBytes(18).toString("base64url"))')
  printf '%s\n' "$password" >"$dir/pwfile"
  [ "$(id -u)" = 0 ] && chown "$OWNER" "$dir/pwfile"
  as_owner "$bin/initdb" -D "$dir/data" -U lackpy --pwfile="$dir/pwfile" -A scram-sha-256 \
    -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  rm -f "$dir/pwfile"
  # A port another process takes between the check and the start makes pg_ctl fail: try again.
  local attempt
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null; then
      break
    fi
    if [ "$attempt" = 5 ]; then
      cat "$dir/postgres.log" >&2
      exit 1
    fi
  done
  PGPASSWORD="$password" "$bin/createdb" -h 127.0.0.1 -p "$port" -U lackpy lackpy
  printf '%s\n' "$bin" >"$dir/bin"
  [ "$(id -u)" = 0 ] && chown "$OWNER" "$dir/bin"
  echo "export LACKPY_PG_DIR='$dir'"
  echo "export LACKPY_TEST_PG_URL='postgres://lackpy:$password@127.0.0.1:$port/lackpy'"
}

stop() {
  local dir=${1:-${LACKPY_PG_DIR:-}}
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    echo "pg-throwaway: no cluster folder given (stop DIR, or LACKPY_PG_DIR)" >&2
    exit 1
  fi
  case "$(basename "$dir")" in
    lackpy-pg.*) ;;
    *)
      echo "pg-throwaway: $dir is not a folder this script made" >&2
      exit 1
      ;;
  esac
  local bin
  bin=$(cat "$dir/bin" 2>/dev/null || find_bin)
  OWNER=$(stat -c %U "$dir")
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  bin) find_bin ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start | stop [DIR] | bin" >&2
    exit 2
    ;;
esac

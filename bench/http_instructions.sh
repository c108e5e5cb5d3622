#!/usr/bin/env bash
# User-space instructions per request of the three servers bench/http_load.sh
# measures (bare, bare-request, router), counted by valgrind's callgrind while
# wrk sends the 7 standard probes (bench/http_probes.lua). Requests/s on a
# shared VM swing by +-15% from run to run; instruction counts do not (the
# same figure to within 0.1% on repeated runs), so this is the script to tell
# whether a change to the router's hot path made serving cheaper. It counts
# only the server process's user-space work: the kernel's share of each
# request (sockets, loopback) is the same for every server and is not in
# these figures, which is why the instruction ratio is far below the
# requests/s ratio of bench/http_load.sh.
# Each server runs alone under callgrind with counting off, is warmed up with
# WARMUP seconds of wrk (the JIT is slow under valgrind), then counted for
# DURATION seconds; instructions per request = counted instructions / requests
# wrk completed. About 20 s a server.
#   bash bench/http_instructions.sh    # WARMUP=8 DURATION=5 (apt-get install -y valgrind wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
WARMUP="${WARMUP:-8}"
DURATION="${DURATION:-5}"
source bench/_deno.sh
HOST=127.0.0.1
PORT="${PORT:-8765}"

for tool in valgrind callgrind_control wrk curl; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing: apt-get install -y valgrind wrk curl" >&2
    exit 1
  fi
done
if ((WARMUP + DURATION > 40)); then
  echo "WARMUP + DURATION must stay under 40 s a server" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/http_instructions.XXXXXX")"
pid=""
cleanup() {
  if [[ -n "$pid" ]]; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

load() { # seconds -> the number of requests wrk completed
  timeout $(($1 + 10)) wrk -t1 -c32 -d"$1s" -s bench/http_probes.lua \
    "http://$HOST:$PORT" | awk '/requests in/ { print $1 }'
}

count() { # mode -> instructions per request
  local mode="$1" out="$work/$1.callgrind"
  valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no \
    --callgrind-out-file="$out" \
    "$DENO" run --allow-net="$HOST" bench/http_load_server.ts "$mode" "$PORT" \
    >"$work/$mode.log" 2>&1 &
  pid="$!"
  for _ in $(seq 1 150); do
    if curl -sf "http://$HOST:$PORT/user" >/dev/null 2>&1; then break; fi
    sleep 0.2
  done
  load "$WARMUP" >/dev/null
  callgrind_control --instr=on "$pid" >/dev/null 2>&1
  local requests
  requests="$(load "$DURATION")"
  callgrind_control --instr=off "$pid" >/dev/null 2>&1
  callgrind_control --dump "$pid" >/dev/null 2>&1
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
  # Counting was on only between the two switches; every dump holds a part.
  cat "$out"* | awk -v n="$requests" '/^totals:/ { total += $2 }
    END { if (n > 0) printf "%.0f\n", total / n; else print "0" }'
}

declare -A per
for mode in bare bare-request router; do
  per[$mode]="$(count "$mode")"
  echo "$mode: ${per[$mode]} instructions/request"
done
awk -v b="${per[bare]}" -v q="${per[bare-request]}" -v r="${per[router]}" 'BEGIN {
  printf "router - bare-request: %d instructions/request (reading the URL, matching, the context)\n", r - q
  printf "router / bare: %.2fx the user-space instructions\n", r / b
}'

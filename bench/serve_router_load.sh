#!/usr/bin/env bash
# What the bounded listener costs a router app, on loopback with Debian's wrk:
# the same one-route router (GET /hello/:name, a template route) served by
#   deno-serve   Deno.serve(router)                 (no bounds)
#   serve        serve(router) on Deno              (the listener on Deno.listen)
#   node-serve   serve(router) on Node, from the npm build (node:http)
# After a warm-up, ROUNDS rotating rounds measure each for DURATION seconds,
# so load from elsewhere on the machine hits all alike; prints the medians
# and the median per-round ratio of each to deno-serve. Needs the npm build
# (`deno task build`) for the Node server; ~40 s at the defaults.
#   bash bench/serve_router_load.sh   # ROUNDS=8 DURATION=1 THREADS=1 CONNECTIONS=32
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-8}"
DURATION="${DURATION:-1}"
WARMUP="${WARMUP:-3}"
THREADS="${THREADS:-1}"
CONNECTIONS="${CONNECTIONS:-32}"
source bench/_deno.sh
HOST=127.0.0.1
PACKAGE=npm/node_modules/@switchyard/switchyard

for program in wrk node curl; do
  if ! command -v "$program" >/dev/null; then
    echo "$program is missing" >&2
    exit 1
  fi
done
if [[ ! -f "$PACKAGE/package.json" ]]; then
  echo "no npm build at $PACKAGE: run deno task build first" >&2
  exit 1
fi

source bench/_wrk.sh

start() { # mode port: starts a server and waits until it answers
  if [[ "$1" == node-serve ]]; then
    node bench/_serve_router_node.mjs "$PACKAGE" "$2" >/dev/null 2>&1 &
  else
    "$DENO" run --allow-net="$HOST" bench/_serve_router_server.ts "$1" "$2" >/dev/null 2>&1 &
  fi
  started "$1" "http://$HOST:$2/hello/x"
}

MODES=(deno-serve serve node-serve)
declare -A url ratios
for mode in "${MODES[@]}"; do
  port="$(free_port)"
  start "$mode" "$port"
  url[$mode]="http://$HOST:$port/hello/Ada"
done
round_done() {
  local mode
  for mode in serve node-serve; do
    ratios[$mode]+="$(awk -v a="${this[$mode]}" -v b="${this[deno-serve]}" 'BEGIN { print a / b }') "
  done
}
measure_rounds
echo "wrk -t$THREADS -c$CONNECTIONS, GET /hello/Ada, $ROUNDS rotating rounds of ${DURATION}s, medians (requests/s):"
for mode in "${MODES[@]}"; do
  echo "  $mode: $(printf '%s\n' ${runs[$mode]} | median)"
done
for mode in serve node-serve; do
  awk -v r="$(printf '%s\n' ${ratios[$mode]} | median)" -v m="$mode" \
    'BEGIN { printf "  %s / deno-serve, median per-round ratio: %.2f\n", m, r }'
done

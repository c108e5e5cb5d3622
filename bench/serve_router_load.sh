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

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

free_port() {
  "$DENO" eval "const l = Deno.listen({ hostname: '$HOST', port: 0 }); console.log(l.addr.port); l.close();"
}

start() { # mode port
  local mode="$1" port="$2"
  if [[ "$mode" == node-serve ]]; then
    node bench/_serve_router_node.mjs "$PACKAGE" "$port" >/dev/null 2>&1 &
  else
    "$DENO" run --allow-net="$HOST" bench/_serve_router_server.ts "$mode" "$port" >/dev/null 2>&1 &
  fi
  pids+=("$!")
  for _ in $(seq 1 100); do
    if curl -sf "http://$HOST:$port/hello/x" >/dev/null 2>&1; then return; fi
    sleep 0.1
  done
  echo "the $mode server did not start" >&2
  exit 1
}

rps() { # port seconds -> requests/s
  local report
  report="$(timeout $(($2 + 10)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2s" \
    "http://$HOST:$1/hello/Ada")"
  if grep -q "Non-2xx" <<<"$report"; then
    echo "non-2xx answers on port $1:" >&2
    echo "$report" >&2
    exit 1
  fi
  awk '/Requests\/sec/ {print $2}' <<<"$report"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

MODES=(deno-serve serve node-serve)
declare -A port runs this ratios
for mode in "${MODES[@]}"; do
  port[$mode]="$(free_port)"
  start "$mode" "${port[$mode]}"
  rps "${port[$mode]}" "$WARMUP" >/dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  line="round $round:"
  for i in 0 1 2; do
    mode="${MODES[$(((round + i) % 3))]}"
    value="$(rps "${port[$mode]}" "$DURATION")"
    runs[$mode]+="$value "
    this[$mode]="$value"
    line+="  $mode $value"
  done
  for mode in serve node-serve; do
    ratios[$mode]+="$(awk -v a="${this[$mode]}" -v b="${this[deno-serve]}" 'BEGIN { print a / b }') "
  done
  echo "$line requests/s"
done
echo "wrk -t$THREADS -c$CONNECTIONS, GET /hello/Ada, $ROUNDS rotating rounds of ${DURATION}s, medians (requests/s):"
for mode in "${MODES[@]}"; do
  echo "  $mode: $(printf '%s\n' ${runs[$mode]} | median)"
done
for mode in serve node-serve; do
  awk -v r="$(printf '%s\n' ${ratios[$mode]} | median)" -v m="$mode" \
    'BEGIN { printf "  %s / deno-serve, median per-round ratio: %.2f\n", m, r }'
done

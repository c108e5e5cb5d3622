#!/usr/bin/env bash
# HTTP-level load test on loopback with Debian's wrk: Deno.serve(router) on
# the standard route set vs bare Deno.serve handlers answering "ok", in one
# run. wrk rotates through the 7 standard probes (hono's benchmarks/routers:
# six GETs and POST /event/abcd1234/comment) with bench/http_probes.lua;
# every server gets the same requests. A non-2xx answer (a probe the router
# did not route) fails the run. Three servers listen on
# 127.0.0.1 for the whole run:
#   bare          Deno.serve(() => new Response("ok"))       (the issue's baseline)
#   bare-request  Deno.serve((request) => new Response("ok"))
#   router        Deno.serve(router)
# Deno.serve builds no Request object for a handler declared without
# parameters, so `bare` skips work every real handler does; `bare-request`
# does the same serving work as the router. Both ratios are printed.
# After a warm-up, ROUNDS rounds measure each server for DURATION seconds,
# rotating which goes first, so load from elsewhere on the machine hits all
# alike. Back-to-back wrk runs against one server swing by +-15% on a shared
# 2-core VM, so many short rounds beat a few long ones: the per-round ratio
# compares runs seconds apart, and its median over 15 rounds is stable where
# a single run is not. Prints every round, the median of each server, the
# ratios of the medians, and the median and quartiles of the per-round
# ratios. Total time stays under 60 s.
#   bash bench/http_load.sh     # ROUNDS=15 DURATION=1 THREADS=1 CONNECTIONS=32
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-15}"
DURATION="${DURATION:-1}"
WARMUP="${WARMUP:-5}"
# One wrk thread leaves the other core of a 2-core machine to the server.
THREADS="${THREADS:-1}"
CONNECTIONS="${CONNECTIONS:-32}"
source bench/_deno.sh
HOST=127.0.0.1

if ! command -v wrk >/dev/null; then
  echo "wrk is missing: apt-get install -y wrk" >&2
  exit 1
fi
budget=$((3 * WARMUP + 3 * ROUNDS * DURATION + 6))
if ((budget >= 90)); then
  echo "ROUNDS=$ROUNDS DURATION=$DURATION would take ~${budget}s; keep 3*(WARMUP + ROUNDS*DURATION) under 80" >&2
  exit 1
fi

source bench/_wrk.sh
WRK_ARGS=(-s bench/http_probes.lua)

start() { # mode port: starts a server and waits until it answers
  "$DENO" run --allow-net="$HOST" bench/http_load_server.ts "$1" "$2" \
    >/dev/null 2>&1 &
  started "$1" "http://$HOST:$2/user"
}

MODES=(bare bare-request router)
declare -A url
ratio_bare=""
ratio_request=""
for mode in "${MODES[@]}"; do
  port="$(free_port)"
  start "$mode" "$port"
  url[$mode]="http://$HOST:$port"
done

round_done() {
  ratio_bare+="$(awk -v r="${this[router]}" -v b="${this[bare]}" 'BEGIN { print r / b }') "
  ratio_request+="$(awk -v r="${this[router]}" -v b="${this[bare-request]}" 'BEGIN { print r / b }') "
}
measure_rounds

declare -A med
for mode in "${MODES[@]}"; do
  med[$mode]="$(printf '%s\n' ${runs[$mode]} | median)"
done
echo "wrk -t$THREADS -c$CONNECTIONS, $ROUNDS rotating rounds of ${DURATION}s each, medians (requests/s):"
echo "  bare Deno.serve(() => ...):         ${med[bare]}"
echo "  bare Deno.serve((request) => ...):  ${med[bare-request]}"
echo "  Deno.serve(router), 7 probes:       ${med[router]}"
rb="$(printf '%s\n' $ratio_bare | median)"
rq="$(printf '%s\n' $ratio_request | median)"
read -r rb1 rb3 <<<"$(printf '%s\n' $ratio_bare | quartiles)"
read -r rq1 rq3 <<<"$(printf '%s\n' $ratio_request | quartiles)"
awk -v r="${med[router]}" -v b="${med[bare]}" -v q="${med[bare-request]}" \
  -v rb="$rb" -v rq="$rq" -v rb1="$rb1" -v rb3="$rb3" -v rq1="$rq1" -v rq3="$rq3" 'BEGIN {
  printf "router vs bare:         %.1f%% of the medians; per-round ratios: median %.1f%%, quartiles %.1f%%-%.1f%% (target >= 90%%)\n", 100 * r / b, 100 * rb, 100 * rb1, 100 * rb3
  printf "router vs bare-request: %.1f%% of the medians; per-round ratios: median %.1f%%, quartiles %.1f%%-%.1f%%\n", 100 * r / q, 100 * rq, 100 * rq1, 100 * rq3
}'

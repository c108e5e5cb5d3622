#!/usr/bin/env bash
# HTTP-level load test on loopback: Deno.serve(router) on the standard route
# set vs a bare Deno.serve(() => new Response("ok")), measured in one run with
# Debian's wrk (2 threads, 50 connections, DURATION seconds each, default 5;
# ROUNDS alternating rounds, best of each kept).
#   bash bench/http_load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-5}"
PATH_PROBE="${PATH_PROBE:-/user/lookup/username/hey}"
if ! command -v wrk >/dev/null; then
  echo "wrk is missing: apt-get install -y wrk" >&2
  exit 1
fi
DENO="${DENO:-deno}"

free_port() {
  "$DENO" eval 'const l = Deno.listen({ hostname: "127.0.0.1", port: 0 }); console.log(l.addr.port); l.close();'
}

measure() { # mode -> prints requests/s
  local mode="$1" port pid rps=""
  port="$(free_port)"
  "$DENO" run --allow-net=127.0.0.1 bench/http_load_server.ts "$mode" "$port" &
  pid=$!
  trap 'kill "$pid" 2>/dev/null || true' RETURN
  for _ in $(seq 1 100); do
    if curl -sf "http://127.0.0.1:$port$PATH_PROBE" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  wrk -t2 -c50 -d"${DURATION}s" "http://127.0.0.1:$port$PATH_PROBE" >/dev/null # warm-up
  rps="$(wrk -t2 -c50 -d"${DURATION}s" "http://127.0.0.1:$port$PATH_PROBE" | awk '/Requests\/sec/ {print $2}')"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "$rps"
}

# Alternate the two servers ROUNDS times and keep each one's best run, so a
# burst of load from elsewhere on the machine does not decide the ratio.
ROUNDS="${ROUNDS:-2}"
bare=0
routed=0
for _ in $(seq 1 "$ROUNDS"); do
  bare="$(awk -v a="$bare" -v b="$(measure bare)" 'BEGIN { print (b > a ? b : a) }')"
  routed="$(awk -v a="$routed" -v b="$(measure router)" 'BEGIN { print (b > a ? b : a) }')"
done
echo "bare Deno.serve:           ${bare} requests/s"
echo "Deno.serve(router) ${PATH_PROBE}: ${routed} requests/s"
awk -v r="$routed" -v b="$bare" 'BEGIN { printf "ratio: %.1f%% of bare (target >= 90%%)\n", 100 * r / b }'

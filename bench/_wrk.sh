# Sourced by the wrk load scripts (http_load.sh, serve_router_load.sh): the
# servers' lifetimes, wrk's requests/s, and the rotating rounds they share.
# Needs DENO (bench/_deno.sh), HOST, THREADS, CONNECTIONS, WARMUP, ROUNDS
# and DURATION set, and, before `measure_rounds`, MODES (the servers' names)
# and url[mode] (what wrk asks each), with WRK_ARGS (extra wrk arguments,
# e.g. a Lua script) optional.

WRK_ARGS=()

# Servers started in the background; every one is stopped on exit, however
# the script ends.
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

free_port() {
  "$DENO" eval "const l = Deno.listen({ hostname: '$HOST', port: 0 }); console.log(l.addr.port); l.close();"
}

started() { # name url: the last background job is that server; waits until url answers
  pids+=("$!")
  for _ in $(seq 1 100); do
    if curl -sf "$2" >/dev/null 2>&1; then return; fi
    sleep 0.1
  done
  echo "the $1 server did not start" >&2
  exit 1
}

# A non-2xx answer means wrk measured something other than the route the
# figure names (a probe the router did not route): the run fails.
rps() { # url seconds -> requests/s
  local report
  report="$(timeout $(($2 + 10)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2s" \
    "${WRK_ARGS[@]}" "$1")"
  if grep -q "Non-2xx" <<<"$report"; then
    echo "non-2xx answers from $1:" >&2
    echo "$report" >&2
    exit 1
  fi
  awk '/Requests\/sec/ {print $2}' <<<"$report"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# The first and third quartiles (nearest rank), as "q1 q3".
quartiles() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 3) / 4)], v[int((3 * NR + 3) / 4)] }'; }

# Each server's requests/s: runs[mode] over all rounds, this[mode] in the
# round just measured.
declare -A runs this

# Warms every server up for WARMUP seconds, then measures ROUNDS rounds of
# DURATION seconds each, rotating which server goes first so load from
# elsewhere on the machine hits all alike. After each round `round_done`,
# when the script defines it, reads this[] (ratios within a round compare
# runs seconds apart, under the same load); then the round's line is printed.
measure_rounds() {
  local mode round i line value n="${#MODES[@]}"
  for mode in "${MODES[@]}"; do rps "${url[$mode]}" "$WARMUP" >/dev/null; done
  for round in $(seq 1 "$ROUNDS"); do
    line="round $round:"
    for ((i = 0; i < n; i++)); do
      mode="${MODES[$(((round + i) % n))]}"
      value="$(rps "${url[$mode]}" "$DURATION")"
      runs[$mode]+="$value "
      this[$mode]="$value"
      line+="  $mode $value"
    done
    if declare -F round_done >/dev/null; then round_done; fi
    echo "$line requests/s"
  done
}

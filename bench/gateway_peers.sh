#!/usr/bin/env bash
# The gateway side by side with a bare relay, a JS relay and the Portkey
# gateway (bench/gateway_peers.ts). Installs npm @portkey-ai/gateway@1.15.2
# into a temp dir first (Node 20+, npm); its @hono/node-server dependency is
# pinned to 1.13.x with an npm `overrides` entry, since later 1.x releases
# break its streams. PORTKEY_DIR=<dir holding node_modules> reuses an install.
# The command on Node runs from the npm build: `deno task build` runs first
# unless npm/package is built already or SWITCHYARD_NPM names a built package.
#   bash bench/gateway_peers.sh     # ROUNDS=8 SEQUENTIAL=150 CONCURRENCY=8 STREAMS=120
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/_deno.sh

for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing: apt-get install -y nodejs npm" >&2
    exit 1
  fi
done

work=""
cleanup() { if [[ -n "$work" ]]; then rm -rf "$work"; fi; }
trap cleanup EXIT
dir="${PORTKEY_DIR:-}"
if [[ -z "$dir" ]]; then
  work="$(mktemp -d "${TMPDIR:-/tmp}/gateway_peers.XXXXXX")"
  dir="$work"
  cat >"$dir/package.json" <<'JSON'
{
  "name": "gateway-peers-bench",
  "private": true,
  "dependencies": { "@portkey-ai/gateway": "1.15.2" },
  "overrides": { "@hono/node-server": "1.13.8" }
}
JSON
  (cd "$dir" && timeout 300 npm install --no-audit --no-fund --ignore-scripts >/dev/null)
fi
if [[ -z "${SWITCHYARD_NPM:-}" && ! -f npm/package/bin/switchyard.mjs ]]; then
  timeout 900 "$DENO" task build >/dev/null
fi
timeout 1200 "$DENO" run -A bench/gateway_peers.ts "$dir/node_modules/@portkey-ai/gateway"

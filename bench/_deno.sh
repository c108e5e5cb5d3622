# Sourced by the HTTP bench scripts: sets DENO to the deno binary itself (not
# an npx wrapper, so the servers' pids are deno's), from PATH or npx.
if [[ -z "${DENO:-}" ]]; then
  if command -v deno >/dev/null; then
    DENO=deno
  else
    DENO="$(npx -y deno@2.9.6 eval 'console.log(Deno.execPath())')"
  fi
fi

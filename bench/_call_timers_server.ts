// One relay of bench/call_timers.ts: Deno.serve + fetch passing the upstream
// answer through, with one way of bounding the upstream call.
//   none      no timeout (the bare relay)
//   timer     a timer armed before the upstream call and cleared after it,
//             as a call timeout without the watchdog
//   watchdog  an entry in the adapters' shared watchdog (what a call with a
//             timeout of 10 s or more costs), removed after the call
// Usage: deno run -A --unstable-no-legacy-abort bench/_call_timers_server.ts <mode> <upstream url>
// Prints `PORT <n>` once listening; exits on SIGTERM.
import {
  unwatch,
  watch,
  type Watched,
} from "../src/models/adapters/_watchdog.ts";

const [mode, upstream] = Deno.args;
if (!["none", "timer", "watchdog"].includes(mode) || upstream === undefined) {
  console.error("usage: none|timer|watchdog <upstream url>");
  Deno.exit(2);
}
const target = `${upstream}/v1/chat/completions`;
const headers = { "content-type": "application/json" };
const TIMEOUT_MS = 600_000;

async function relay(request: Request): Promise<Response> {
  const response = await fetch(target, {
    method: "POST",
    headers,
    body: await request.arrayBuffer(),
    signal: request.signal,
  });
  return new Response(response.body, { status: response.status, headers });
}

const handlers: Record<string, (request: Request) => Promise<Response>> = {
  none: relay,
  async timer(request) {
    const id = setTimeout(() => {}, TIMEOUT_MS);
    try {
      return await relay(request);
    } finally {
      clearTimeout(id);
    }
  },
  async watchdog(request) {
    const deadline = performance.now() + TIMEOUT_MS;
    const entry: Watched = {
      check(now) {
        if (now >= deadline) unwatch(entry);
      },
    };
    watch(entry);
    try {
      return await relay(request);
    } finally {
      unwatch(entry);
    }
  },
};

Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`PORT ${port}`),
}, handlers[mode]);

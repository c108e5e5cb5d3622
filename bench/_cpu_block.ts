// The measuring loop of the CPU-per-request benches: a block of sequential
// chat-completion POSTs on a fresh server process, after a warm-up, with
// the server's CPU (every thread, from /proc) read before and after.
import { cpuNs, type Server, start, stop } from "./_servers.ts";

/** The chat completion every block sends. */
const BODY = JSON.stringify({
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "Hello!" }],
  max_tokens: 64,
});

/** What a block sends, and how many. */
export interface BlockOptions {
  /** Requests before the measure starts. */
  warmup: number;
  /** Requests measured. */
  requests: number;
  /** Headers beside `content-type` (e.g. a key the server reads). */
  headers?: Record<string, string>;
}

async function send(
  url: string,
  n: number,
  headers: Record<string, string>,
): Promise<void> {
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: BODY,
    });
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  }
}

/**
 * CPU µs per request of one block on a fresh server: `deno <args>` started
 * as `name` (it prints where it listens), stopped when the block ends.
 */
export async function cpuPerRequest(
  name: string,
  args: string[],
  options: BlockOptions,
): Promise<number> {
  const server: Server = await start(name, Deno.execPath(), args);
  try {
    const headers = options.headers ?? {};
    await send(server.url, options.warmup, headers);
    const before = cpuNs(server.child.pid);
    await send(server.url, options.requests, headers);
    return (cpuNs(server.child.pid) - before) / options.requests / 1000;
  } finally {
    await stop(server);
  }
}

/** The median (the upper one of an even count). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

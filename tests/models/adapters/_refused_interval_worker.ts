// A runtime that refuses timers at module scope (Cloudflare Workers throws on
// a setInterval outside a request), imitated in a worker of its own so the
// adapters' modules load fresh here: setInterval throws, setTimeout records
// each delay armed. Then one OpenAI call with a one-minute timeout, held
// until the fetch is asked, is aborted by its caller. Posts what the call's
// timeout was left to.

/** The worker's global scope, as far as this script uses it. */
const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  setInterval: unknown;
  setTimeout: typeof setTimeout;
};

scope.setInterval = () => {
  throw new Error("timers are refused at module scope");
};
const armed: number[] = [];
const realSetTimeout = globalThis.setTimeout;
scope.setTimeout = ((handler: () => void, ms?: number) => {
  armed.push(ms ?? 0);
  return realSetTimeout(handler, ms);
}) as typeof setTimeout;

// Loaded only now, after the refusal above is in place.
const { watchable, watchedCount } = await import(
  "../../../src/models/adapters/_watchdog.ts"
);
const { createOpenAIAdapter } = await import(
  "../../../src/models/adapters/openai.ts"
);

const caller = new AbortController();
let watchedDuringCall = -1;
let armedDuringCall: number[] = [];
const adapter = createOpenAIAdapter({
  apiKey: "k",
  timeout: 60_000,
  fetch: (_input, init) => {
    watchedDuringCall = watchedCount();
    armedDuringCall = [...armed];
    caller.abort(new DOMException("done looking", "AbortError"));
    return new Promise<Response>((_, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason));
    });
  },
});
let code = "";
try {
  await adapter.execute(
    { messages: [{ role: "user", content: "Hi" }] },
    caller.signal,
  );
} catch (error) {
  code = String((error as { code?: unknown }).code);
}
scope.postMessage({
  watchable: watchable(60_000),
  watchedDuringCall,
  armedDuringCall,
  watchedAfter: watchedCount(),
  code,
});

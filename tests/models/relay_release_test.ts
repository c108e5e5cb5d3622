// Deno-only: a relayed answer the Router does not hand over (a parallel
// loser's, one that arrived as the caller aborted or dispose() ran) has its
// body cancelled at once, so its upstream connection is not held until
// garbage collection; so does an HTTP adapter's late head on the translated
// paths (execute, executeStream). The upstreams are Deno.serve servers on
// 127.0.0.1 that see their answer's stream cancelled; the op and resource
// sanitizers also fail a test that leaves a response body open.
import assert from "node:assert/strict";
import { createRouter, RouterError } from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import type { FetchFunction } from "../../src/models/adapters/_http.ts";
import type { BackendAdapter } from "../../src/models/types.ts";
import { handOver } from "../../src/models/_relay.ts";
import { shutdownBounded, withTimeout } from "../_bounded.ts";
import { waitUntil } from "../_timeout.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { drain, req } from "./_helpers.ts";

/** Bound of every wait on an upstream. */
const WAIT_MS = 10_000;

interface Upstream {
  origin: string;
  /** Resolves when the request arrived (its body read). */
  arrived: Promise<void>;
  /** Sends the head (for an upstream built with `hold`). */
  release(): void;
  /** Whether the answer's stream was cancelled by the reader. */
  readonly cancelled: boolean;
  close(): Promise<void>;
}

/**
 * An OpenAI-wire upstream answering one SSE event and then nothing until its
 * reader cancels (or WAIT_MS passes: the stream then ends on its own, so a
 * failing test still ends). With `hold`, the head waits for release().
 */
function serveUpstream(hold = false): Upstream {
  let cancelled = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  if (!hold) release();
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      await request.text();
      arrive();
      await gate;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('data: {"n":1}\n\n'));
          timer = setTimeout(() => controller.close(), WAIT_MS);
        },
        cancel() {
          cancelled = true;
          clearTimeout(timer);
        },
      });
      return new Response(body, {
        headers: { "content-type": "text/event-stream" },
      });
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrived,
    release: () => release(),
    get cancelled() {
      return cancelled;
    },
    close: () => shutdownBounded(server),
  };
}

/**
 * An adapter whose relay ignores its signal (a custom adapter may): only the
 * Router can let a late answer go.
 */
function deafRelay(inner: BackendAdapter): BackendAdapter {
  return {
    metadata: inner.metadata,
    execute: (request, signal) => inner.execute(request, signal),
    executeStream: (request, signal) => inner.executeStream(request, signal),
    relay: (request) => inner.relay!(request, undefined),
  };
}

/** A fetch that drops the signal, as a user's own fetch wrapper may. */
const deafFetch: FetchFunction = (input, init) =>
  fetch(input, { ...init, signal: undefined });

function adapter(origin: string, name: string, fetcher?: FetchFunction) {
  return createOpenAIAdapter({
    name,
    apiKey: "sk-upstream-example",
    baseURL: `${origin}/v1`,
    defaultModel: "m",
    ...(fetcher === undefined ? {} : { fetch: fetcher }),
  });
}

/** An adapter whose upstream is down: its 503 sends the call to fallback. */
const down = createOpenAIAdapter({
  name: "down",
  apiKey: "sk-upstream-example",
  defaultModel: "m",
  fetch: () => Promise.resolve(new Response("busy", { status: 503 })),
});

Deno.test("parallel relay: a loser whose head comes after the winner's has its body cancelled", async () => {
  const fast = serveUpstream();
  const late = serveUpstream(true);
  const router = createRouter({
    fallbackStrategy: "parallel",
    defaultBackend: "down",
  })
    .register("down", down)
    .register("fast", adapter(fast.origin, "fast"))
    // Deaf to the cancellation: its head still arrives after the race.
    .register("late", deafRelay(adapter(late.origin, "late")));
  try {
    const { response, routing } = await withTimeout(
      router.relayResponse(req("hi", { stream: true })),
      WAIT_MS,
      "relayResponse",
    );
    assert.equal(routing.backend, "fast");
    await withTimeout(late.arrived, WAIT_MS, "the loser's request");
    late.release();
    await waitUntil(() => late.cancelled, "the loser's stream cancelled");
    assert.equal(fast.cancelled, false, "the winner's body is the caller's");
    await response.body!.cancel();
    await waitUntil(() => fast.cancelled, "the winner's stream cancelled");
  } finally {
    router.dispose();
    await fast.close();
    await late.close();
  }
});

Deno.test("parallel relay: two heads at once, the loser's body is cancelled", async () => {
  // Each round holds both heads until both requests arrived, then sends
  // them together: the loser's relay resolves around the winner's.
  for (let round = 0; round < 5; round++) {
    const a = serveUpstream(true);
    const b = serveUpstream(true);
    const router = createRouter({
      fallbackStrategy: "parallel",
      defaultBackend: "down",
    })
      .register("down", down)
      .register("a", adapter(a.origin, "a"))
      .register("b", adapter(b.origin, "b"));
    try {
      const relayed = router.relayResponse(req("hi", { stream: true }));
      await withTimeout(
        Promise.all([a.arrived, b.arrived]),
        WAIT_MS,
        "both requests",
      );
      a.release();
      b.release();
      const { response, routing } = await withTimeout(
        relayed,
        WAIT_MS,
        "relayResponse",
      );
      const [winner, loser] = routing.backend === "a" ? [a, b] : [b, a];
      await waitUntil(() => loser.cancelled, "the loser's stream cancelled");
      assert.equal(winner.cancelled, false);
      await response.body!.cancel();
    } finally {
      router.dispose();
      await a.close();
      await b.close();
    }
  }
});

for (const mode of ["execute", "executeStream"] as const) {
  Deno.test(`translated ${mode}: a parallel loser whose head comes after the winner's has its body cancelled`, async () => {
    const late = serveUpstream(true);
    const router = createRouter({
      fallbackStrategy: "parallel",
      defaultBackend: "down",
    })
      .register("down", down)
      .register("fast", createEchoAdapter())
      // Its fetch ignores the cancellation: the head still comes, later.
      .register("late", adapter(late.origin, "late", deafFetch));
    try {
      if (mode === "execute") {
        const response = await withTimeout(
          router.execute(req("hi")),
          WAIT_MS,
          "execute",
        );
        assert.equal(response.message.content, "hi");
      } else {
        const chunks = await withTimeout(
          drain(router.executeStream(req("hi"))),
          WAIT_MS,
          "executeStream",
        );
        assert.equal(chunks.at(-1)?.type, "done");
      }
      await withTimeout(late.arrived, WAIT_MS, "the loser's request");
      late.release();
      await waitUntil(() => late.cancelled, "the loser's stream cancelled");
    } finally {
      router.dispose();
      await late.close();
    }
  });
}

const STOPS = ["the caller's abort", "dispose()"] as const;
const DEAF = ["fetch (the adapter lets it go)", "relay (the Router does)"];

for (const stop of STOPS) {
  for (const deaf of DEAF) {
    Deno.test(`relay: ${stop} as the head arrives, deaf ${deaf}: rejects and cancels the body`, async () => {
      const upstream = serveUpstream();
      const controller = new AbortController();
      let router: ReturnType<typeof createRouter> | undefined = undefined;
      // The head has arrived when the call is stopped; nothing passes the
      // signal on to this fetch.
      const stopping: FetchFunction = async (input, init) => {
        const response = await deafFetch(input, init);
        if (stop === "dispose()") router!.dispose();
        else controller.abort();
        return response;
      };
      const up = deaf === DEAF[0]
        ? adapter(upstream.origin, "up", stopping)
        : deafRelay(adapter(upstream.origin, "up", stopping));
      router = createRouter().register("up", up);
      try {
        const error = await withTimeout(
          router.relayResponse(
            req("hi", { stream: true }),
            stop === "dispose()" ? undefined : controller.signal,
          ).then(() => undefined, (e) => e),
          WAIT_MS,
          "relayResponse",
        );
        assert.ok(error instanceof RouterError, String(error));
        assert.equal(error.code, "ABORTED");
        await waitUntil(() => upstream.cancelled, "the stream cancelled");
      } finally {
        router.dispose();
        await upstream.close();
      }
    });
  }
}

Deno.test("relay: an answer resolved as the caller aborted is not handed over; its body is cancelled", async () => {
  const upstream = serveUpstream();
  const controller = new AbortController();
  const response = await adapter(upstream.origin, "up").relay!(
    req("hi", { stream: true }),
    controller.signal,
  );
  const answer = { response, abort: (r?: unknown) => controller.abort(r) };
  try {
    const aborted = AbortSignal.abort();
    assert.throws(
      () => handOver(answer, aborted, new AbortController().signal),
      { code: "ABORTED" },
    );
    await waitUntil(() => upstream.cancelled, "the stream cancelled");
  } finally {
    await upstream.close();
  }
});

Deno.test("relay: the result's abort ends a body's reading after the head and closes the upstream stream", async () => {
  const upstream = serveUpstream();
  const router = createRouter().register("up", adapter(upstream.origin, "up"));
  try {
    const { response, abort } = await router.relayResponse(
      req("hi", { stream: true }),
      new AbortController().signal,
    );
    const reader = response.body!.getReader();
    const first = await withTimeout(reader.read(), WAIT_MS, "first event");
    assert.equal(first.done, false);
    // The call has returned and the body is locked to a reader: only the
    // fetch's own controller can end the read waiting for the next event.
    const next = reader.read();
    abort(new Error("client gone"));
    await assert.rejects(withTimeout(next, WAIT_MS, "the read to end"));
    await waitUntil(() => upstream.cancelled, "the upstream stream closed");
  } finally {
    router.dispose();
    await upstream.close();
  }
});

// A relayed call without a deadline (no timeout, no budget) still ends as
// soon as its caller goes away, even when the backend ignores its signal:
// on the first attempt, on the second step of a fallback, when it left
// while a custom strategy was choosing, and during the backend's call. The backend still sees its
// own signal aborted with the caller's reason. Portable: the npm build runs
// it under Node too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  RouterError,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req } from "./_helpers.ts";

/** Bound of every wait: a call that ignores its caller fails here. */
const WAIT_MS = 5_000;

interface Deaf {
  adapter: BackendAdapter;
  /** Resolves with the signal the relay was given, once it was called. */
  called: Promise<AbortSignal>;
  /** Ends the relay's wait (with a failure), so nothing outlives the test. */
  end(): void;
}

/**
 * A backend whose relay never answers and never reads its signal;
 * `onCall` runs inside the relay call, before it returns.
 */
function deaf(name: string, onCall?: () => void): Deaf {
  let called!: (signal: AbortSignal) => void;
  const calledPromise = new Promise<AbortSignal>((resolve) => called = resolve);
  let end!: () => void;
  const ended = new Promise<never>((_, reject) =>
    end = () => reject(new Error("test over"))
  );
  ended.catch(() => {});
  const adapter = createEchoAdapter({ name }) as BackendAdapter;
  adapter.relay = (_request, signal) => {
    called(signal!);
    onCall?.();
    return ended;
  };
  return { adapter, called: calledPromise, end };
}

/** A backend whose relay fails at once (fallback goes on). */
function failing(name: string): BackendAdapter {
  const adapter = createEchoAdapter({ name }) as BackendAdapter;
  adapter.relay = () => Promise.reject(new Error("upstream refused"));
  return adapter;
}

async function abortedCode(promise: Promise<unknown>): Promise<string> {
  const error = await withTimeout(
    promise.then(() => new Error("resolved"), (e) => e),
    WAIT_MS,
    "the call to end after its caller left",
  );
  assert.ok(error instanceof RouterError, String(error));
  return error.code;
}

describe("a relayed call without a deadline, its caller gone", () => {
  it("ends ABORTED on the first attempt, the backend's signal aborted with the caller's reason", async () => {
    const backend = deaf("a");
    const router = createRouter().register("a", backend.adapter);
    try {
      const caller = new AbortController();
      const call = router.relayResponse(req(), caller.signal);
      const signal = await withTimeout(backend.called, WAIT_MS, "the call");
      assert.equal(signal.aborted, false);
      const reason = new Error("client left");
      caller.abort(reason);
      assert.equal(await abortedCode(call), ErrorCode.ABORTED);
      assert.equal(signal.aborted, true);
      assert.equal(signal.reason, reason);
    } finally {
      backend.end();
      router.dispose();
    }
  });

  it("ends ABORTED on the second step of a fallback", async () => {
    const second = deaf("b");
    const router = createRouter({ fallbackStrategy: "sequential" })
      .register("a", failing("a"))
      .register("b", second.adapter);
    try {
      const caller = new AbortController();
      const call = router.relayResponse(req(), caller.signal);
      const signal = await withTimeout(second.called, WAIT_MS, "the fallback");
      caller.abort(new Error("client left"));
      assert.equal(await abortedCode(call), ErrorCode.ABORTED);
      assert.equal(signal.aborted, true);
    } finally {
      second.end();
      router.dispose();
    }
  });

  it("ends ABORTED when the caller leaves while a custom strategy chooses", async () => {
    const backend = deaf("a");
    let choose!: (name: string) => void;
    const chosen = new Promise<string>((resolve) => choose = resolve);
    const router = createRouter({
      routingStrategy: "custom",
      customRouter: () => chosen,
    }).register("a", backend.adapter);
    try {
      const caller = new AbortController();
      const call = router.relayResponse(req(), caller.signal);
      caller.abort(new Error("client left"));
      choose("a");
      assert.equal(await abortedCode(call), ErrorCode.ABORTED);
    } finally {
      backend.end();
      router.dispose();
    }
  });

  it("ends ABORTED when the caller leaves during the backend's call, before it returned", async () => {
    const caller = new AbortController();
    const backend = deaf("a", () => caller.abort(new Error("client left")));
    const router = createRouter().register("a", backend.adapter);
    try {
      const call = router.relayResponse(req(), caller.signal);
      assert.equal(await abortedCode(call), ErrorCode.ABORTED);
    } finally {
      backend.end();
      router.dispose();
    }
  });
});

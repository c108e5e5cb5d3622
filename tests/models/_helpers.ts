// Shared fixtures for the model router tests (portable: public entries only).
import type {
  BackendAdapter,
  IRChatRequest,
  IRChatResponse,
  IRChatStream,
  IRStreamChunk,
  IRWarning,
} from "../../src/models/mod.ts";
import { AdapterError, createRouter, ErrorCode } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { waitUntil } from "../_timeout.ts";

/** A manual clock for `now`. */
export interface ManualClock {
  t: number;
  now: () => number;
}

export function manualClock(start = 1_000): ManualClock {
  const clock: ManualClock = { t: start, now: () => clock.t };
  return clock;
}

export function req(
  text = "hello",
  extra: Partial<IRChatRequest> = {},
): IRChatRequest {
  return { messages: [{ role: "user", content: text }], ...extra };
}

export function to(backend: string, text = "hello"): IRChatRequest {
  return req(text, { metadata: { custom: { backend } } });
}

export function reply(text: string): IRChatResponse {
  return {
    message: { role: "assistant", content: text },
    finishReason: "stop",
    metadata: {},
  };
}

/**
 * An echo backend whose every call takes `ms` on `clock`, and fails with a
 * retryable PROVIDER_ERROR while `failing.on`: latency routing's inputs.
 */
export function timedAdapter(
  clock: ManualClock,
  failing: { on: boolean },
  ms: number,
): BackendAdapter {
  return {
    ...createEchoAdapter(),
    execute() {
      clock.t += ms;
      return failing.on
        ? Promise.reject(
          new AdapterError({ code: ErrorCode.PROVIDER_ERROR, message: "down" }),
        )
        : Promise.resolve(reply(`${ms} ms`));
    },
  };
}

export function collectWarnings(): {
  warnings: IRWarning[];
  onWarning: (w: IRWarning) => void;
} {
  const warnings: IRWarning[] = [];
  return { warnings, onWarning: (w) => void warnings.push(w) };
}

/** Resolves after the pending microtasks and one macrotask turn. */
export function tick(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The routing trace of a response. */
export function routingOf(response: IRChatResponse): {
  backend: string;
  reason: string;
  fallbacks: number;
  attempts: {
    backend: string;
    ok: boolean;
    errorCode?: string;
    latencyMs: number;
  }[];
  requestedBackend?: string;
} {
  return response.metadata.routing as never;
}

/** Code of a rejection. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error("expected a rejection");
}

/** Every chunk of a stream, in order. */
export async function drain(stream: IRChatStream): Promise<IRStreamChunk[]> {
  const out: IRStreamChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** The text the content chunks carry. */
export function streamText(chunks: readonly IRStreamChunk[]): string {
  return chunks.map((c) => (c.type === "content" ? c.delta : "")).join("");
}

/** The chunk types, in order. */
export function streamTypes(chunks: readonly IRStreamChunk[]): string[] {
  return chunks.map((c) => c.type);
}

/** A backend whose calls wait at a gate the test opens; see {@link gated}. */
export interface Gated {
  readonly adapter: BackendAdapter;
  /** Calls started so far, execute and stream alike. */
  readonly calls: number;
  /** Resolves once `n` calls have started (the event a test waits for). */
  started(n?: number): Promise<void>;
  /** Lets every waiting and later call go on to its outcome. */
  open(): void;
}

/**
 * A backend that fails with `error` (or echoes, when undefined) once the
 * test opens its gate: the test acts while an earlier step is in flight,
 * without a sleep. A stream fails before its first content.
 */
export function gated(error?: unknown): Gated {
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const waiting: { n: number; resolve: () => void }[] = [];
  const begin = (): void => {
    calls++;
    for (const w of waiting.filter((w) => w.n <= calls)) w.resolve();
  };
  const adapter: BackendAdapter = {
    metadata: {
      name: "gated",
      version: "1",
      provider: "testing",
      capabilities: { streaming: true },
    },
    async execute(request) {
      begin();
      await gate;
      if (error !== undefined) throw error;
      return reply(lastText(request));
    },
    async *executeStream(request) {
      begin();
      await gate;
      if (error !== undefined) throw error;
      yield { type: "start", sequence: 0, metadata: {} };
      yield { type: "content", sequence: 1, delta: lastText(request) };
      yield {
        type: "done",
        sequence: 2,
        finishReason: "stop",
        message: { role: "assistant", content: lastText(request) },
      };
    },
  };
  return {
    adapter,
    get calls() {
      return calls;
    },
    started(n = 1) {
      return n <= calls
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ n, resolve }));
    },
    open: () => open(),
  };
}

function lastText(request: IRChatRequest): string {
  const content = request.messages.at(-1)?.content;
  return typeof content === "string" ? content : "";
}

/**
 * What execute() and executeStream() each end with: the answering backend,
 * or `error:CODE`.
 */
export async function outcomesOf(
  router: {
    execute(r: IRChatRequest, s?: AbortSignal): Promise<IRChatResponse>;
    executeStream(r: IRChatRequest, s?: AbortSignal): IRChatStream;
  },
  request: IRChatRequest,
): Promise<[string, string]> {
  let executed: string;
  try {
    executed = routingOf(await router.execute(request)).backend;
  } catch (error) {
    executed = `error:${(error as { code: string }).code}`;
  }
  const last = (await drain(router.executeStream(request))).at(-1)!;
  const streamed = last.type === "done"
    ? (last.metadata as { routing: { backend: string } }).routing.backend
    : `error:${last.type === "error" ? last.error.code : last.type}`;
  return [executed, streamed];
}

/**
 * Resolves once a control Router started now, with `healthCheckInterval`
 * `ms`, has run its background probe `runs` times: any background run due
 * by then (on that interval or a shorter one) has had its turn. A test that
 * checks that no probe ran waits for this event, not for a sleep that a
 * loaded machine can make too short.
 */
export async function backgroundRunsPassed(ms = 1, runs = 3): Promise<void> {
  let probes = 0;
  const control = createRouter({ healthCheckInterval: ms }).register("c", {
    ...createEchoAdapter(),
    healthCheck: () => Promise.resolve(++probes > 0),
  });
  try {
    await waitUntil(() => probes >= runs, "the control probe never ran");
  } finally {
    control.dispose();
  }
}

// A request whose messages array holds something other than a message object
// (null, a number, a string, an array, a hole) is refused by every Router
// entry point with INVALID_REQUEST naming the entry, before any backend is
// called. Before the check, the value reached each adapter, which failed
// reading it (a TypeError taken as that backend's failure), so the call fell
// back through the whole fleet and answered ALL_BACKENDS_FAILED.

import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  AdapterError,
  createRouter,
  ErrorCode,
  type IRChatRequest,
  type Router,
} from "../../src/models/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { drain } from "./_helpers.ts";
import { withTimeout } from "../_timeout.ts";

const USER = { role: "user", content: "hi" };

/** Each bad messages array, and the index the refusal must name. */
const BAD: ReadonlyArray<[string, unknown[], number]> = [
  ["a null message", [null], 0],
  ["a null second message", [USER, null], 1],
  ["a number", [USER, USER, 5], 2],
  ["a string", ["hi"], 0],
  ["an array", [[USER]], 0],
  ["a hole", [USER, undefined], 1],
];

function completion(text: string): Response {
  return Response.json({
    id: "c1",
    object: "chat.completion",
    created: 1,
    model: "m",
    choices: [{
      index: 0,
      message: { role: "assistant", content: text },
      finish_reason: "stop",
    }],
  });
}

/** Two real OpenAI adapters on a counting in-process upstream (fallback on). */
function setup(): { router: Router; calls: () => number } {
  let calls = 0;
  const upstream = () => {
    calls++;
    return Promise.resolve(completion("fine"));
  };
  const adapter = (name: string) =>
    createOpenAIAdapter({
      name,
      apiKey: "sk-test",
      defaultModel: "m",
      fetch: upstream,
    });
  const router = createRouter()
    .register("a", adapter("a"))
    .register("b", adapter("b"));
  return { router, calls: () => calls };
}

async function refusal(promise: Promise<unknown>): Promise<AdapterError> {
  const error = await withTimeout(
    promise.then(
      () => assert.fail("the call was not refused"),
      (e: unknown) => e,
    ),
    5_000,
    "the call never settled",
  );
  assert.ok(error instanceof AdapterError, `not an AdapterError: ${error}`);
  return error;
}

function assertNames(error: { code: string; message: string }, at: number) {
  assert.equal(error.code, ErrorCode.INVALID_REQUEST);
  assert.equal(error.message, `request.messages[${at}] must be an object`);
}

describe("a messages entry that is not a message object", () => {
  const entryPoints: ReadonlyArray<
    [string, (router: Router, request: IRChatRequest) => Promise<unknown>]
  > = [
    ["execute", (router, request) => router.execute(request)],
    ["relayResponse", (router, request) => router.relayResponse(request)],
    ["dispatchParallel", (router, request) => router.dispatchParallel(request)],
    [
      "dispatchParallel (all)",
      (router, request) =>
        router.dispatchParallel(request, { strategy: "all" }),
    ],
    [
      "selectBackend",
      (router, request) =>
        Promise.resolve().then(() => router.selectBackend(request)),
    ],
  ];
  for (const [name, call] of entryPoints) {
    it(`is refused by ${name} naming the entry, no backend called`, async () => {
      const { router, calls } = setup();
      try {
        for (const [label, messages, at] of BAD) {
          const error = await refusal(
            call(router, { messages } as IRChatRequest),
          );
          assertNames(error, at);
          assert.equal(calls(), 0, label);
        }
        // The refusals cost the backends nothing: no failure counted, so
        // a good request goes to the first backend as ever.
        const stats = router.getStats().backendStats;
        assert.equal(stats.a.failedRequests, 0);
        assert.equal(stats.b.failedRequests, 0);
        const response = await withTimeout(
          router.execute({ messages: [USER] } as IRChatRequest),
          5_000,
          "the good request never settled",
        );
        assert.equal(response.message.content, "fine");
        assert.equal(calls(), 1);
      } finally {
        router.dispose();
      }
    });
  }

  it("ends executeStream with that error chunk, no backend called", async () => {
    const { router, calls } = setup();
    try {
      for (const [label, messages, at] of BAD) {
        const chunks = await withTimeout(
          drain(router.executeStream({ messages } as IRChatRequest)),
          5_000,
          "the stream never ended",
        );
        assert.equal(chunks.length, 1, label);
        const last = chunks[0];
        assert.ok(last.type === "error", label);
        assertNames(last.error, at);
        assert.equal(calls(), 0, label);
      }
    } finally {
      router.dispose();
    }
  });

  it("passes a request whose every entry is a message object", async () => {
    const { router, calls } = setup();
    try {
      const response = await withTimeout(
        router.execute({
          messages: [
            { role: "system", content: "be brief" },
            USER,
            { role: "assistant", content: "hello" },
            USER,
          ],
        } as IRChatRequest),
        5_000,
        "the request never settled",
      );
      assert.equal(response.message.content, "fine");
      assert.equal(calls(), 1);
    } finally {
      router.dispose();
    }
  });
});

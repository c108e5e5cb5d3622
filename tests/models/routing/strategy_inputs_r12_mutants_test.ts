// What the routing strategies make of inputs at the edge of their contract,
// planted by hand in the eleventh mutation round:
// - `random` keeps an injected source's draw inside the usable backends: a
//   source answering 1 (the top of a generator that includes it) or more
//   picks the last, a negative one the first;
// - `custom` hands the hook an empty context.metadata when the request's
//   `metadata.custom` is not an object (a string from an untyped caller),
//   not the string's characters spread into an object; and for an
//   operation (`invoke`) it sees the call's `stream` flag, as the routing
//   view promises.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type IRChatRequest,
  type RoutingContext,
} from "../../../src/models/mod.ts";
import { createEchoAdapter } from "../../../src/models/testing.ts";
import { withTimeout } from "../../_timeout.ts";
import { req, routingOf } from "../_helpers.ts";

Deno.test("random: a source outside [0, 1) still picks a usable backend — at 1 or above the last, below 0 the first", async () => {
  const picks: string[] = [];
  for (const value of [1, 7, -0.5]) {
    const router = createRouter({
      routingStrategy: "random",
      random: () => value,
    })
      .register("a", createEchoAdapter())
      .register("b", createEchoAdapter())
      .register("c", createEchoAdapter());
    try {
      // Twice: the clamp holds on the second call too.
      for (let i = 0; i < 2; i++) {
        const response = await withTimeout(
          router.execute(req()),
          5_000,
          `random ${value}`,
        );
        picks.push(routingOf(response).backend);
      }
    } finally {
      router.dispose();
    }
  }
  assert.deepEqual(picks, ["c", "c", "c", "c", "a", "a"]);
});

Deno.test("custom: a request's custom metadata that is no object reaches the hook as an empty, frozen context.metadata", async () => {
  const seen: Readonly<Record<string, unknown>>[] = [];
  const router = createRouter({
    routingStrategy: "custom",
    customRouter: (_request, _available, context: RoutingContext) => {
      seen.push(context.metadata);
      return Promise.resolve("b");
    },
  })
    .register("a", createEchoAdapter())
    .register("b", createEchoAdapter());
  const withCustom = (custom: unknown): IRChatRequest =>
    req("x", {
      metadata: { custom: custom as Record<string, unknown> },
    });
  try {
    for (const custom of ["fast", { tier: "gold" }]) {
      const response = await withTimeout(
        router.execute(withCustom(custom)),
        5_000,
        String(custom),
      );
      assert.equal(routingOf(response).backend, "b");
    }
    assert.deepEqual(seen, [{}, { tier: "gold" }]);
    assert.ok(seen.every((metadata) => Object.isFrozen(metadata)));
  } finally {
    router.dispose();
  }
});

Deno.test("custom: the hook sees an operation's stream flag on invoke, set only when the call streams", async () => {
  const seen: unknown[] = [];
  const completions: BackendAdapter = {
    ...createEchoAdapter(),
    operations: { completions: "native" },
    operate: () => Promise.resolve(new Response("{}")),
  };
  const router = createRouter({
    routingStrategy: "custom",
    customRouter: (request) => {
      seen.push(request.stream);
      return Promise.resolve("up");
    },
  }).register("up", completions);
  try {
    for (const stream of [true, false, undefined]) {
      const { response } = await withTimeout(
        router.invoke({
          operation: "completions",
          model: "m",
          body: { prompt: "x" },
          ...(stream === undefined ? {} : { stream }),
        }),
        5_000,
        `stream ${stream}`,
      );
      await response.body?.cancel();
    }
    assert.deepEqual(seen, [true, undefined, undefined]);
  } finally {
    router.dispose();
  }
});

// What the models-core draw of seed 20261173 showed untested:
// - an `invoke` chat call routes on its IR view (the gateway's parsed
//   request): capability routing reads the tools and images in it, not
//   only its model, metadata and stream flag;
// - RouterConfig.deadline bounds a call that passes no per-request budget
//   (no options, or only `backends`): every test gave the deadline per
//   request, so a Router that dropped its configured one went unseen.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type ExecuteOptions,
  type IRChatRequest,
} from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createHangingAdapter,
} from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { FakeTime } from "./_fake_time.ts";
import { req } from "./_helpers.ts";

/** An OpenAI-wire chat backend with the given capabilities; `sent` records its calls. */
function chatBackend(
  capabilities: { tools?: boolean; vision?: boolean },
  sent: string[],
  name: string,
): BackendAdapter {
  return {
    ...createEchoAdapter({
      name,
      metadata: { capabilities: { streaming: true, ...capabilities } },
    }),
    wire: "openai",
    operate() {
      sent.push(name);
      return Promise.resolve(Response.json({ object: "chat.completion" }));
    },
  };
}

const TOOL = { name: "lookup", parameters: { type: "object" } };

const VIEWS: [string, IRChatRequest][] = [
  ["tools", {
    messages: [{ role: "user", content: "weather?" }],
    tools: [TOOL],
  }],
  ["an image", {
    messages: [{
      role: "user",
      content: [{
        type: "image",
        source: { type: "url", url: "https://x/a.png" },
      }],
    }],
  }],
];

for (const [what, view] of VIEWS) {
  Deno.test(`invoke chat: capability routing reads the call's IR view — a request with ${what} skips the backend that cannot serve it`, async () => {
    const sent: string[] = [];
    // "plain" is first in order, the default strategy's pick: only the
    // view's content sends the call past it.
    const router = createRouter({ capabilityBasedRouting: true })
      .register(
        "plain",
        chatBackend({ tools: false, vision: false }, sent, "plain"),
      )
      .register(
        "able",
        chatBackend({ tools: true, vision: true }, sent, "able"),
      );
    try {
      for (let i = 0; i < 2; i++) {
        const { response, routing } = await withTimeout(
          router.invoke({
            operation: "chat",
            body: { messages: [{ role: "user", content: "x" }] },
            view,
          }),
          5_000,
          `call ${i + 1}`,
        );
        await response.body?.cancel();
        assert.equal(routing.backend, "able");
      }
      assert.deepEqual(sent, ["able", "able"]);
    } finally {
      router.dispose();
    }
  });
}

const NO_BUDGET_OF_ITS_OWN: [string, ExecuteOptions | undefined][] = [
  ["no options", undefined],
  ["only backends", { backends: ["slow", "b"] }],
];

for (const [what, options] of NO_BUDGET_OF_ITS_OWN) {
  Deno.test(`config deadline, ${what}: each call's attempt is cut to it and no fallback starts past it`, async () => {
    const time = new FakeTime();
    const backup = createEchoAdapter();
    const router = createRouter({
      now: time.now,
      timers: time.timers,
      deadline: 2_000,
    })
      .register("slow", createHangingAdapter())
      .register("b", backup);
    try {
      // Twice: the second call's deadline counts from its own start, 2 s
      // after the first's.
      for (let call = 0; call < 2; call++) {
        const error = await time.settle(
          router.execute(req(), undefined, options),
        ).catch((e) => e);
        assert.equal(error.code, ErrorCode.ALL_BACKENDS_FAILED, `call ${call}`);
        assert.deepEqual(error.attemptedBackends, ["slow"]);
        assert.equal(error.errors[0].error.code, ErrorCode.TIMEOUT);
      }
      assert.deepEqual(time.delays, [2_000, 2_000]);
      assert.equal(backup.calls.length, 0);
    } finally {
      router.dispose();
    }
  });
}

// What a fresh mutation draw of the adapters (seed 20261172) showed no test
// checked: a relayed call (a same-wire chat, a native operation, the OpenAI
// adapter's `relay`) that the upstream refuses or never answers leaves its
// call timeout with the shared watchdog, which then checks a dead call every
// second for as long as the process lives (one more per failed call). No
// Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { watchedCount } from "../../../src/models/adapters/_watchdog.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { adapterFactory, type Answer, rejection } from "./_fake.ts";

const openAIWith = adapterFactory(createOpenAIAdapter, {
  apiKey: "k",
  defaultModel: "gpt-4o",
  // Past the per-call timer's range: the watchdog holds the timeout.
  timeout: 60_000,
});

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

/** The upstream's failures a relay meets before its head comes back. */
const FAILURES: Array<[string, Answer]> = [
  [
    "refused (400)",
    () => Response.json({ error: { message: "no" } }, { status: 400 }),
  ],
  [
    "overloaded (503)",
    () => Response.json({ error: { message: "busy" } }, { status: 503 }),
  ],
  ["unreachable", () => Promise.reject(new TypeError("fetch failed"))],
];

describe("a relayed call that fails leaves no call timeout behind", () => {
  for (const [label, answer] of FAILURES) {
    it(`${label}: relay, a same-wire chat and a native operation`, async () => {
      const before = watchedCount();
      const { adapter, requests } = openAIWith(answer);
      const calls: Array<[string, () => Promise<Response>]> = [
        ["relay", () => adapter.relay!(ask)],
        ["same-wire chat", () =>
          adapter.operate!({
            operation: "chat",
            wire: "openai",
            body: { messages: [{ role: "user", content: "Hi" }] },
          })],
        ["embeddings", () =>
          adapter.operate!({
            operation: "embeddings",
            body: { input: "Hi" },
            model: "text-embedding-3-small",
          })],
      ];
      for (const [call, run] of calls) {
        const error = await rejection(run());
        assert.ok(error instanceof AdapterError, `${call}: ${error}`);
        assert.equal(watchedCount(), before, `${call}, ${label}`);
      }
      // Each call did reach the upstream: the failure was its answer.
      assert.equal(requests.length, calls.length);
    });
  }
});

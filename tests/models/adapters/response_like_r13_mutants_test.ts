// A custom `fetch` (a proxy's, a test double) that resolves to something
// shaped only partly like a Response, at the edge a bug planted by hand in
// `_body.ts` showed unguarded (not a measure): every part the adapter reads
// is checked (`ok`, `status`, `headers.get`, the body), so such an answer is
// a typed error naming what fetch resolved to, whole and streamed, never a
// TypeError from deep inside the reading. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { collect, rejection } from "./_fake.ts";

const ask = { messages: [{ role: "user" as const, content: "Hi" }] };

/** Answers with the right status and flag, but each misses one part. */
const PARTIAL: Array<[string, () => unknown]> = [
  ["no headers", () => ({ ok: true, status: 200, body: null })],
  ["no body", () => ({ ok: true, status: 200, headers: new Headers() })],
  ["a status that is not a number", () => ({
    ok: true,
    status: "200",
    headers: new Headers(),
    body: null,
  })],
];

describe("a fetch that resolves to part of a Response", () => {
  for (const [label, answer] of PARTIAL) {
    it(`${label}: a typed error naming it, whole and streamed`, async () => {
      const adapter = createOpenAIAdapter({
        apiKey: "k",
        defaultModel: "gpt-4o",
        fetch: (() => Promise.resolve(answer())) as unknown as typeof fetch,
      });
      const whole = await rejection(adapter.execute(ask));
      assert.ok(whole instanceof AdapterError, String(whole));
      assert.match(whole.message, /not a Response/);
      const streamed = await collect(adapter.executeStream(ask)).catch((
        thrown: unknown,
      ) => thrown);
      assert.ok(streamed instanceof AdapterError, String(streamed));
      assert.match(streamed.message, /not a Response/);
    });
  }
});

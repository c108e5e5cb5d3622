// The pieces both request readers share (src/gateway/_wire_util.ts, in the
// listener's mutation area): where a model name routes, how unknown body
// keys become parameters, and which errors a relayed body may skip. Each
// case is one a one-character slip there would get wrong.
import assert from "node:assert/strict";
import {
  copyUnknownKeys,
  irRequest,
  isRecord,
  reservedKey,
  resolveAlias,
  skipping,
  targetOf,
  untranslatable,
} from "../../src/gateway/_wire_util.ts";
import type { IRParameters } from "../../src/models/types.ts";

const backends = new Set(["openai", "local", "a"]);
const has = (name: string) => backends.has(name);

Deno.test("targetOf: a backend name, backend/model, and everything else routed as is", () => {
  assert.deepEqual(targetOf("openai", has), { backend: "openai" });
  assert.deepEqual(targetOf("openai/gpt-4o", has), {
    backend: "openai",
    model: "gpt-4o",
  });
  // A one-letter backend, and a model holding slashes of its own.
  assert.deepEqual(targetOf("a/org/model:7b", has), {
    backend: "a",
    model: "org/model:7b",
  });
  // A backend with an empty model after the slash: that backend, model "".
  assert.deepEqual(targetOf("local/", has), { backend: "local", model: "" });
  // No backend before the slash: a model name for routing.
  for (const model of ["/openai", "meta-llama/Llama-3", "gpt-4o", ""]) {
    assert.deepEqual(targetOf(model, has), { model }, model);
  }
  assert.equal(
    resolveAlias({ fast: "openai/gpt-4o-mini" }, "fast"),
    "openai/gpt-4o-mini",
  );
  assert.equal(resolveAlias({ fast: "x" }, "toString"), "toString");
});

Deno.test("copyUnknownKeys: unknown keys become ordinary parameters; handled and reserved keys do not", () => {
  const body = JSON.parse(
    '{"model":"m","top_k":5,"seed":null,"__proto__":{"polluted":true},"constructor":1,"prototype":2,"logit_bias":{"1":2}}',
  );
  assert.equal(reservedKey(body), "__proto__");
  assert.equal(reservedKey({ model: "m" }), undefined);
  const parameters: IRParameters = {};
  copyUnknownKeys(body, new Set(["model"]), parameters);
  assert.deepEqual(Object.keys(parameters), ["top_k", "seed", "logit_bias"]);
  assert.equal(
    JSON.stringify(parameters),
    '{"top_k":5,"seed":null,"logit_bias":{"1":2}}',
  );
  assert.equal(Object.getPrototypeOf(parameters), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  // Later stages overwrite and drop parameters (an adapter removing one its
  // API refuses): they must be plain writable, deletable properties.
  const p = parameters as Record<string, unknown>;
  p.top_k = 6;
  assert.equal(p.top_k, 6);
  delete p.seed;
  assert.deepEqual(Object.keys(parameters), ["top_k", "logit_bias"]);
});

Deno.test("isRecord, irRequest and skipping", () => {
  assert.equal(isRecord({}), true);
  for (const value of [null, [], "x", 1, undefined]) {
    assert.equal(isRecord(value), false, String(value));
  }
  const routed = irRequest(
    [],
    {},
    { backend: "openai", model: "m" },
    "r1",
    true,
  );
  assert.deepEqual(routed.metadata?.custom, { backend: "openai" });
  assert.equal(routed.stream, true);
  const free = irRequest([], {}, { model: "m" }, "r2", false);
  assert.equal(free.metadata?.custom, undefined);
  assert.equal(free.metadata?.requestId, "r2");

  const odd = untranslatable(new Error("a document block"));
  const skipped: unknown[] = [];
  assert.equal(
    skipping(skipped, () => {
      throw odd;
    }),
    undefined,
  );
  assert.deepEqual(skipped, [odd]);
  // Without a list (a translation), the same error is fatal.
  assert.throws(() =>
    skipping(undefined, () => {
      throw odd;
    }), /a document block/);
  // Any other error is rethrown either way, and nothing is skipped.
  assert.throws(() =>
    skipping(skipped, () => {
      throw new TypeError("bug");
    }), TypeError);
  assert.equal(skipped.length, 1);
  assert.equal(skipping(skipped, () => 7), 7);
});

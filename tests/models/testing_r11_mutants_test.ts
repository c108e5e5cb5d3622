// The testing adapters' documented options that mutants planted by hand in
// src/models/testing.ts showed unchecked (each survived every models-core
// test): a name given in `metadata` (without `name`) names the adapter; the
// echo adapter reports the model the request named, else "echo"; a failing
// stream with `failAfterChunks: 1` opens with its `start` chunk, as with 2.
import assert from "node:assert/strict";
import type { IRStreamChunk } from "../../src/models/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
  createMockAdapter,
} from "../../src/models/testing.ts";
import { req } from "./_helpers.ts";

Deno.test("a name given in metadata names a testing adapter; `name` wins over it", () => {
  for (
    const make of [createEchoAdapter, createMockAdapter, createFailingAdapter]
  ) {
    assert.equal(
      make({ metadata: { name: "from-metadata" } }).metadata.name,
      "from-metadata",
    );
    assert.equal(
      make({ name: "named", metadata: { name: "from-metadata" } }).metadata
        .name,
      "named",
    );
  }
});

Deno.test('the echo adapter reports the model the request named, else "echo"', async () => {
  const echo = createEchoAdapter();
  const plain = await echo.execute(req());
  assert.equal(plain.metadata.model, "echo");
  const named = await echo.execute(
    req("hello", { parameters: { model: "gpt-x" } }),
  );
  assert.equal(named.metadata.model, "gpt-x");
  const chunks: IRStreamChunk[] = [];
  for await (const chunk of echo.executeStream(req())) chunks.push(chunk);
  const start = chunks[0];
  assert.ok(start.type === "start");
  assert.equal(start.metadata?.model, "echo");
});

Deno.test("a failing stream opens with its start chunk before its first content chunk, for one chunk as for two", async () => {
  for (const failAfterChunks of [1, 2]) {
    const failing = createFailingAdapter({ failAfterChunks });
    const chunks: IRStreamChunk[] = [];
    await assert.rejects(async () => {
      for await (const chunk of failing.executeStream(req())) {
        chunks.push(chunk);
      }
    });
    assert.deepEqual(
      chunks.map((c) => c.type),
      ["start", ...new Array(failAfterChunks).fill("content")],
    );
    assert.deepEqual(chunks.map((c) => c.sequence), chunks.map((_, i) => i));
  }
});

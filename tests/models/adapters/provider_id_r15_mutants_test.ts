// A provider description's `provider` names every error and answer of the
// adapter that runs it, its stream parsers' included. An empty one (a
// description built by hand from a preset, `{ ...ollamaProvider(), provider:
// "" }`) put them on no one: messages began ": …", and a malformed NDJSON
// line's error fell back to the parser's placeholder or not depending on
// `??` against `||`. It is refused when the adapter is built, as an empty
// `name` is; a provider's own id still names a bad stream line.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  HttpAdapter,
  ollamaProvider,
} from "../../../src/models/adapters/ollama.ts";
import { collect, rejection } from "./_fake.ts";

function ndjson(text: string): typeof fetch {
  return () =>
    Promise.resolve(
      new Response(text, {
        headers: { "content-type": "application/x-ndjson" },
      }),
    );
}

describe("HttpAdapter: the provider id", () => {
  // Bug (`adapter.ts`, the constructor's provider check dropped).
  it("an empty or missing provider id is refused at construction with INVALID_REQUEST", () => {
    for (const provider of ["", undefined, 7]) {
      assert.throws(
        () =>
          new HttpAdapter({ fetch: ndjson("") }, {
            ...ollamaProvider(),
            provider: provider as string,
          }),
        { name: "AdapterError", code: "INVALID_REQUEST" },
        String(provider),
      );
    }
  });

  it("a description's own id names a malformed stream line's error", async () => {
    const adapter = new HttpAdapter({ fetch: ndjson('{"ok":\n') }, {
      ...ollamaProvider(),
      provider: "my-ollama",
    });
    const error = await rejection(
      collect(
        adapter.executeStream({ messages: [{ role: "user", content: "x" }] }),
      ),
    );
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.equal(error.provider, "my-ollama");
    assert.equal(adapter.metadata.provider, "my-ollama");
  });
});

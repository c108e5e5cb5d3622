// The adapters' lookup tables are plain objects; a key read through the
// prototype finds Object.prototype's members. Three tables were read so:
// Gemini's image types by URL extension (`photo.constructor` sent Object's
// constructor as the image's type), the network causes by error code and
// class name (a custom fetch's error with code `constructor` gave a function
// for `details.cause` and hid the cause its message named), and the
// OpenAI-compatible presets by name (`constructor` built an adapter with no
// base URL instead of being refused), and an adapter's operations by name
// (`operate` with operation `constructor` failed on a TypeError instead of
// its INVALID_REQUEST). Each is now read by own key only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { geminiProvider } from "../../../src/models/adapters/gemini.ts";
import {
  createOpenAIAdapter,
  createOpenAICompatibleAdapter,
  type OpenAICompatibleProvider,
} from "../../../src/models/adapters/openai.ts";
import { AdapterError, type IRChatRequest } from "../../../src/models/mod.ts";
import type { OperationName } from "../../../src/models/operations.ts";
import { fakeFetch, rejection } from "./_fake.ts";
import { failingWith } from "./_fetch_failure.ts";

const INHERITED = ["constructor", "toString", "__proto__", "hasOwnProperty"];

/** The `fileData` part Gemini's wire body holds for an image at `url`. */
function fileDataFor(url: string): Record<string, unknown> {
  const request: IRChatRequest = {
    messages: [{
      role: "user",
      content: [{ type: "image", source: { type: "url", url } }],
    }],
  };
  const call = geminiProvider({ apiKey: "k" }).call(request, {
    model: "gemini-2.0-flash",
    stream: false,
    parameters: {},
  });
  const body = call.body as {
    contents: { parts: { fileData?: Record<string, unknown> }[] }[];
  };
  const part = body.contents[0].parts[0].fileData;
  assert.ok(part !== undefined, url);
  return part;
}

describe("adapter lookup tables read own keys only", () => {
  it("Gemini: a URL whose extension names an Object.prototype member goes without a type, as any unknown extension", () => {
    for (
      const url of [
        "https://example.com/photo.constructor",
        "https://example.com/photo.CONSTRUCTOR?size=2",
        "https://example.com/photo.tostring#x",
        "https://example.com/photo.bmp",
      ]
    ) {
      assert.deepEqual(fileDataFor(url), { fileUri: url }, url);
    }
    // A known extension, in any case, still names its type.
    assert.deepEqual(fileDataFor("https://example.com/a.PNG"), {
      fileUri: "https://example.com/a.PNG",
      mimeType: "image/png",
    });
  });

  it("a fetch error whose code or class name is an Object.prototype member: the cause is the one its message names, or other", async () => {
    for (const key of INHERITED) {
      for (
        const [cause, expected] of [
          [
            { code: key, message: "tcp connect error: Connection refused" },
            "refused",
          ],
          [{ code: key }, "other"],
          [Object.assign(new Error("socket hang up"), { name: key }), "reset"],
          [Object.assign(new Error("blocked"), { name: key }), "other"],
        ] as const
      ) {
        const error = await failingWith(cause);
        assert.equal(error.code, "NETWORK_ERROR", key);
        assert.equal(error.details?.cause, expected, `${key} ${expected}`);
        assert.doesNotMatch(error.message, /undefined|function/, key);
      }
    }
  });

  it("an OpenAI-compatible preset named like an Object.prototype member is refused as unknown", () => {
    for (const name of INHERITED) {
      assert.throws(
        () =>
          createOpenAICompatibleAdapter(name as OpenAICompatibleProvider, {
            apiKey: "k",
          }),
        (error: unknown) =>
          error instanceof AdapterError &&
          error.code === "INVALID_REQUEST" &&
          error.message.includes(`"${name}"`),
        name,
      );
    }
    // A real preset is still found.
    assert.equal(
      createOpenAICompatibleAdapter("vllm").metadata.provider,
      "vllm",
    );
  });

  it("operate: an operation named like an Object.prototype member is refused as not served, and nothing is sent", async () => {
    const fake = fakeFetch(() => Response.json({ object: "list", data: [] }));
    const adapter = createOpenAIAdapter({
      apiKey: "k",
      defaultModel: "m",
      fetch: fake.fetch,
    });
    for (const name of INHERITED) {
      const error = await rejection(
        adapter.operate({ operation: name as OperationName, body: {} }),
      );
      assert.ok(error instanceof AdapterError, name);
      assert.equal(error.code, "INVALID_REQUEST", name);
      assert.match(error.message, new RegExp(`does not serve ${name}$`), name);
    }
    assert.equal(fake.requests.length, 0);
    // A served operation still goes out.
    const served = await adapter.operate({
      operation: "embeddings",
      body: { input: "x" },
    });
    assert.equal(served.status, 200);
    await served.body?.cancel();
    assert.equal(fake.requests.length, 1);
  });
});

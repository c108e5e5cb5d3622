// Keys as a config writes them and as clients meet them: a secret repeated
// under another id is refused whichever of the two digests is written in
// capitals (a config copied from `sha256sum` or from a tool that prints hex
// in capitals), and a key refused a model gets the provider's 403 error
// object on each wire, which the official SDKs read by its `type`.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { hashKey, KeyRing } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

describe("a secret repeated under another id", () => {
  // Bug (`keys.ts`, the digest noted as written, not lower-cased): a first
  // key whose digest is in capitals was not matched by a later one in lower
  // case, so two keys shared one secret and the second's limits went unused.
  it("is refused when the first digest is in capitals and the second is not", async () => {
    const digest = await hashKey("sk-shared");
    for (
      const [first, second] of [
        [digest.toUpperCase(), digest],
        [digest.toUpperCase(), digest.toUpperCase()],
        [digest.slice(0, 32).toUpperCase() + digest.slice(32), digest],
      ]
    ) {
      assert.throws(
        () =>
          new KeyRing([
            { id: "team-a", sha256: first, rpm: 10 },
            { id: "team-b", sha256: second, rpm: 1_000 },
          ]),
        /"team-b".*same secret.*"team-a"/,
      );
    }
  });
});

describe("a key refused a model", () => {
  // Bug (`keys.ts`, the refusal's `type: "permission_error"` emptied): the
  // 403 carried an error of type "", which neither API sends.
  it("gets a 403 permission_error, model_not_allowed, on the chat and the Messages wire", async () => {
    const secret = "sk-Team-1";
    await withGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "team", sha256: await hashKey(secret), models: ["echo"] }],
    }, async (gateway) => {
      const asked = (path: string, extra: Record<string, unknown>) => {
        const request = jsonPost(path, {
          model: "other-model",
          messages: [{ role: "user", content: "hi" }],
          ...extra,
        });
        request.headers.set("authorization", `Bearer ${secret}`);
        return gateway(request);
      };
      const chat = await asked("/v1/chat/completions", {});
      assert.equal(chat.status, 403);
      const chatError = (await chat.json()).error;
      assert.equal(chatError.type, "permission_error");
      assert.equal(chatError.code, "model_not_allowed");
      assert.equal(chatError.param, "model");
      const messages = await asked("/v1/messages", { max_tokens: 5 });
      assert.equal(messages.status, 403);
      const body = await messages.json();
      assert.equal(body.type, "error");
      assert.equal(body.error.type, "permission_error");
    });
  });
});

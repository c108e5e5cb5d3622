// What bugs planted by hand beside the keys+limits draw of seed 20261167
// (which left no survivor) showed unguarded in how a request presents its
// key: `Authorization: Bearer <secret>`, else `x-api-key`, as documented.
// Every test sent one header or the other, never both.
import assert from "node:assert/strict";
import { createGateway, hashKey, KeyRing } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

const SECRET = "sk-team-0123456789";
const OTHER = "sk-other-0123456789";

async function ring(): Promise<KeyRing> {
  return new KeyRing([
    { id: "team", sha256: await hashKey(SECRET) },
    { id: "other", sha256: await hashKey(OTHER) },
  ]);
}

// Bug (`keys.ts`, an Authorization header that is no bearer token ends the
// search): a request whose Authorization is some other scheme (a proxy's
// Basic credentials on the way in) or a bearer without a token was refused
// as carrying no key, though its x-api-key held a valid one.
Deno.test("keys: an Authorization that is no bearer token leaves the key to x-api-key", async () => {
  const keys = await ring();
  for (
    const authorization of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "Bearer ",
      "Token " + OTHER,
    ]
  ) {
    const key = await keys.authenticate(
      new Headers({ authorization, "x-api-key": SECRET }),
    );
    assert.equal(key.id, "team", authorization);
  }
  // Through the gateway, on the Anthropic wire the x-api-key belongs to.
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: keys.configKeys,
  });
  try {
    const answer = await gateway(
      new Request("http://gw.test/v1/messages", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: "Basic dXNlcjpwYXNz",
          "x-api-key": SECRET,
        },
        body: JSON.stringify({
          model: "echo",
          max_tokens: 5,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    assert.equal(answer.status, 200, await answer.clone().text());
    await answer.body?.cancel();
  } finally {
    gateway.dispose();
  }
});

// Bug (`keys.ts`, x-api-key read before Authorization): with both headers,
// the documented order is the bearer token first; a client that sends its
// key as a bearer token and some other value in x-api-key must be
// authenticated as the bearer token's key, in either letter case of the
// scheme.
Deno.test("keys: with both headers, the bearer token is the key presented, whatever x-api-key holds", async () => {
  const keys = await ring();
  for (const scheme of ["Bearer", "bearer", "BEARER"]) {
    for (const apiKey of [OTHER, "sk-wrong"]) {
      const key = await keys.authenticate(
        new Headers({
          authorization: `${scheme} ${SECRET}`,
          "x-api-key": apiKey,
        }),
      );
      assert.equal(key.id, "team", `${scheme} with x-api-key ${apiKey}`);
    }
  }
});

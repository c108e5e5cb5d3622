// Round 22 planted "letter case dropped" at every case-insensitive
// comparison of the gateway, the model router and the HTTP router (each
// `.toLowerCase()` or `.toUpperCase()` removed in turn) and ran each area's
// tests; these two survived, each now tested:
// - the admin digest (`admin.sha256`, of a config file or of createGateway's
//   options) is taken in any hex case, as the keys' digests are: an
//   upper-case one (as a Windows tool writes it) was refused in a file and
//   let no admin in when given to createGateway;
// - an OLLAMA_HOST scheme is read in any letter case (RFC 3986 §3.1),
//   `HTTPS://box` as https on port 443. Ollama's own client compares the
//   scheme as written and then cannot connect with `HTTPS`; naming the
//   server the operator meant is kept, as the other spellings are.
// Portable: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { adminRequest } from "./_admin_calls.ts";
import {
  configOptions,
  createGateway,
  hashKey,
  ollamaBaseURL,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";

describe("letter case in the gateway's settings", () => {
  it("an admin digest in upper or mixed hex case is the same digest", async () => {
    const digest = await hashKey("sk-admin-case");
    const mixed = digest.replace(
      /[a-f]/g,
      (c, i: number) => i % 2 ? c.toUpperCase() : c,
    );
    for (const written of [digest.toUpperCase(), mixed]) {
      const config = await parseGatewayConfig(
        JSON.stringify({
          backends: [{ name: "a", provider: "echo" }],
          admin: { sha256: written },
        }),
        () => undefined,
      );
      assert.equal(configOptions(config).admin?.sha256, digest, written);
    }
  });

  it("an admin digest given to createGateway in capitals lets the admin in", async () => {
    const digest = await hashKey("sk-admin-case");
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      admin: { sha256: digest.toUpperCase() },
    });
    try {
      const listed = await gateway(
        adminRequest("sk-admin-case", "GET", "/admin/keys"),
      );
      assert.equal(listed.status, 200, await listed.text());
      const refused = await gateway(
        adminRequest("SK-ADMIN-CASE", "GET", "/admin/keys"),
      );
      assert.equal(refused.status, 401);
      await refused.body?.cancel();
    } finally {
      gateway.dispose();
    }
  });

  it("an OLLAMA_HOST scheme in capitals is that scheme", () => {
    for (
      const [value, expected] of [
        ["HTTPS://ollama.example", "https://ollama.example:443"],
        ["HTTP://gpu-box", "http://gpu-box:80"],
        ["Http://gpu-box:8080", "http://gpu-box:8080"],
      ]
    ) {
      assert.equal(ollamaBaseURL(value), expected, value);
    }
  });
});

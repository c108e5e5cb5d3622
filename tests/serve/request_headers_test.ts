// What a handler under the bounded listener gets of a request's header
// lines: every one, the first and the last included, a repeated name joined
// as Headers#get joins it, on the first request of a connection and on the
// next one alike.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { serve } from "../../src/serve/mod.ts";
import { withTimeout } from "../_timeout.ts";
import { bodyOf, rawClient, WAIT_MS } from "./_raw_client.ts";

/** Answers with what the handler saw of the request. */
async function echo(request: Request): Promise<Response> {
  return Response.json({
    url: request.url,
    headers: [...request.headers],
    tag: request.headers.get("x-tag"),
    body: request.method === "GET" ? null : await request.text(),
  });
}

describe("serve: the request headers a handler gets", () => {
  it("passes every header line, repeated ones joined, on each request of a connection", async () => {
    const server = await serve(echo, { hostname: "127.0.0.1", port: 0 });
    const client = await rawClient(server.addr.port);
    try {
      await client.write(
        "POST /v1/chat/completions HTTP/1.1\r\n" +
          "Host: api.example:8080\r\n" +
          "X-Tag: one\r\n" +
          "Authorization: Bearer sk-a\r\n" +
          "x-TAG: two\r\n" +
          "Content-Length: 2\r\n" +
          "Content-Type: application/json\r\n\r\n{}",
      );
      const first = JSON.parse(bodyOf(await client.response()));
      assert.equal(first.url, "http://api.example:8080/v1/chat/completions");
      assert.equal(first.tag, "one, two");
      assert.equal(first.body, "{}");
      assert.deepEqual(first.headers, [
        ["authorization", "Bearer sk-a"],
        ["content-length", "2"],
        ["content-type", "application/json"],
        ["host", "api.example:8080"],
        ["x-tag", "one, two"],
      ]);

      // The second request on the connection: no body, other lines.
      await client.write(
        "GET /v1/models HTTP/1.1\r\nAccept: */*\r\nHost: b\r\nX-Last: z\r\n\r\n",
      );
      const second = JSON.parse(bodyOf(await client.response()));
      assert.equal(second.url, "http://b/v1/models");
      assert.equal(second.tag, null);
      assert.deepEqual(second.headers, [
        ["accept", "*/*"],
        ["host", "b"],
        ["x-last", "z"],
      ]);
    } finally {
      await client.destroy();
      await withTimeout(server.shutdown(), WAIT_MS, "server shutdown");
    }
  });

  // A handler reads `new URL(request.url).host` as the name the client used,
  // on Deno and on Node alike; a Host line that could move the path or add
  // credentials is not read into the URL.
  it("reads the URL's authority from a plain Host line, else from the listen address", async () => {
    const server = await serve(echo, { hostname: "127.0.0.1", port: 0 });
    const listen = `http://127.0.0.1:${server.addr.port}`;
    const client = await rawClient(server.addr.port);
    try {
      const cases: [string, string][] = [
        ["Host: API.example.com", "http://api.example.com/v1/models?a=1"],
        ["Host: [::1]:8443", "http://[::1]:8443/v1/models?a=1"],
        ["Host: evil.example/x?", `${listen}/v1/models?a=1`],
        ["Host: user@evil.example", `${listen}/v1/models?a=1`],
      ];
      for (const [line, url] of cases) {
        await client.write(
          `GET /v1/models?a=1 HTTP/1.1\r\n${line}\r\n\r\n`,
        );
        const seen = JSON.parse(bodyOf(await client.response()));
        assert.equal(seen.url, url, line);
      }
    } finally {
      await client.destroy();
      await withTimeout(server.shutdown(), WAIT_MS, "server shutdown");
    }
  });
});

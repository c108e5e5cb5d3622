// Two faults of the node:http listener, each through real Node (bundled as
// the npm package ships it, driven over raw sockets; skipped outside CI
// when node is missing):
// - a request Node frames but `new Request` refuses (a target that is no
//   URL, `POST *`) got its 400 with its body left half read: the 400 said
//   `Connection: close`, so a client that sends its whole body before
//   reading lost the connection, where node:http reads the body a handler
//   leaves unread and serves the next request on the connection;
// - a client that left while an answer's body waited for its first byte (a
//   relay before its upstream's first byte) cancelled that body only at its
//   next piece, which may never come: the gateway's upstream call went on.
//   Deno.serve cancels the body when the client goes.
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { waitUntil } from "../_timeout.ts";
import { withBundledNodeServe } from "./_node_serve.ts";
import { bodyOf, headOf, rawClient } from "./_raw_client.ts";

const ignore = needs("serve on Node", "node").ignore;
const CLIENT_GONE = new URL(
  "./fixtures/node_client_gone_serve.ts",
  import.meta.url,
);
const GATEWAY = new URL(
  "./fixtures/node_gateway_relay_serve.ts",
  import.meta.url,
);

/** Waits until an answer's head has come on `client` (bounded by count). */
function headCame(client: { received: string }, what: string): Promise<void> {
  return waitUntil(
    () => /^HTTP\/1\.1 200 [^]*\r\n\r\n/.test(client.received),
    `the head of ${what}`,
  );
}

// Bug: the 400 leaves the body stream's `data` listener pausing node:http
// at its first piece (a bare `req.resume()` is undone), and closes the
// connection, so the next request on it is never answered.
Deno.test({
  name:
    "serve on Node: a request whose target makes no URL is a 400, any body it has is read and dropped, and the connection serves the next request",
  ignore,
  async fn() {
    await withBundledNodeServe(CLIENT_GONE, {}, async ({ port }) => {
      const size = 64 * 1024;
      const framings = [
        "", // no body at all: nothing to drop
        `Content-Length: ${size}\r\n\r\n${"x".repeat(size)}`,
        "Transfer-Encoding: chunked\r\n\r\n" +
        `${(size / 2).toString(16)}\r\n${"y".repeat(size / 2)}\r\n`.repeat(2) +
        "0\r\n\r\n",
      ];
      for (const framing of framings) {
        const client = await rawClient(port);
        try {
          // Sent whole before anything is read, as Python's http.client
          // and curl send a body, then a second request behind it.
          await client.write(
            framing === ""
              ? "GET * HTTP/1.1\r\nHost: x\r\n\r\n"
              : `POST * HTTP/1.1\r\nHost: x\r\n${framing}`,
          );
          await client.write(
            "POST /after HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
          );
          const refused = await client.response();
          assert.match(refused, /^HTTP\/1\.1 400 /, framing.slice(0, 30));
          assert.ok(!headOf(refused).includes("connection: close"), refused);
          const next = await client.response();
          assert.match(
            next,
            /^HTTP\/1\.1 200 /,
            `after ${framing.slice(0, 30)}`,
          );
          assert.equal(bodyOf(next), "POST read 5");
        } finally {
          await client.destroy();
        }
      }
    });
  },
});

// Bug: the answer's body is cancelled only when its next piece comes (a
// write then fails), or never when the handler answered after its client
// left: the upstream behind it is held open.
Deno.test({
  name:
    "serve on Node: a client that leaves before the body's first byte cancels the body at once, on a second request too",
  ignore,
  async fn(t) {
    await withBundledNodeServe(CLIENT_GONE, {}, async ({ port, printed }) => {
      await t.step("after the head came, on a reused connection", async () => {
        const client = await rawClient(port);
        try {
          await client.write(
            "POST /first HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi",
          );
          assert.equal(bodyOf(await client.response()), "POST read 2");
          await client.write("GET /silent HTTP/1.1\r\nHost: x\r\n\r\n");
          await headCame(client, "/silent");
        } finally {
          await client.destroy();
        }
        await printed("cancelled /silent");
      });

      await t.step(
        "when the handler answers after the client left",
        async () => {
          const client = await rawClient(port);
          try {
            await client.write("GET /late HTTP/1.1\r\nHost: x\r\n\r\n");
            await printed("handling /late");
          } finally {
            await client.destroy();
          }
          await printed("aborted /late");
          await printed("cancelled /late");
        },
      );
    });
  },
});

// The same fault as the gateway's user meets it: a streamed chat relayed
// from an upstream that sent its head and nothing yet.
Deno.test({
  name:
    "serveGateway on Node: a client that leaves a relayed stream before the upstream's first byte ends the upstream call",
  ignore,
  async fn() {
    await withBundledNodeServe(GATEWAY, {}, async ({ port, printed }) => {
      const body = JSON.stringify({
        model: "m",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      });
      const client = await rawClient(port);
      try {
        await client.write(
          "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" +
            "Content-Type: application/json\r\n" +
            `Content-Length: ${body.length}\r\n\r\n${body}`,
        );
        await printed("upstream request /v1/chat/completions");
        await headCame(client, "the relayed stream");
        assert.match(client.received, /content-type: text\/event-stream/i);
      } finally {
        await client.destroy();
      }
      await printed("upstream closed");
    });
  },
});

// Bug (seed 20261164, `_node_server.ts:342`, `||`→`&&` before the null-body
// status check): a HEAD answer with a body is written through the body path,
// its body read (node:http drops the bytes) instead of cancelled; one still
// being produced never ends, and the next request on the connection waits
// behind it.
Deno.test({
  name:
    "serve on Node: a HEAD answer's body is cancelled, not read, and the next request on the connection is answered",
  ignore,
  async fn() {
    await withBundledNodeServe(CLIENT_GONE, {}, async ({ port, printed }) => {
      const client = await rawClient(port);
      try {
        await client.write("HEAD /silent HTTP/1.1\r\nHost: x\r\n\r\n");
        await printed("cancelled /silent");
        await client.write(
          "POST /after HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi",
        );
        await waitUntil(
          () => /\r\n\r\nPOST read 2$/.test(client.received),
          "the answer to the request after the HEAD",
        );
        assert.match(client.received, /^HTTP\/1\.1 200 /);
      } finally {
        await client.destroy();
      }
    });
  },
});

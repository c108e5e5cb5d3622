// An upstream client error (400, 422) is answered by a named backend: the
// router passes it on as the adapter raised it (naming the provider, not the
// backend), and the gateway must still count it under that backend in
// /metrics and its log line, also when it came from the second step of a
// fallback, streamed or not, relayed or translated.
import assert from "node:assert/strict";
import { fetchSignal } from "../_bounded.ts";
import type { RequestLogEntry } from "../../src/gateway/mod.ts";
import { createFailingAdapter } from "../../src/models/testing.ts";
import { serveGateway, serveUpstream, upstreamAdapter } from "./_serve.ts";

function clientError(status: number): Response {
  return Response.json({
    error: {
      message: `upstream says ${status}`,
      type: "invalid_request_error",
      param: null,
      code: "bad_thing",
    },
  }, { status });
}

async function ask(
  origin: string,
  path: string,
  model: string,
  stream: boolean,
): Promise<number> {
  const response = await fetch(`${origin}${path}`, {
    signal: fetchSignal(),
    method: "POST",
    body: JSON.stringify({
      model,
      stream,
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/** The request counter's lines for `status`, one per wire. */
async function requestsLines(
  origin: string,
  status: number,
): Promise<string[]> {
  const text = await (await fetch(`${origin}/metrics`, {
    signal: fetchSignal(),
  })).text();
  const lines = text.split("\n").filter((line) =>
    line.startsWith("switchyard_requests_total{") &&
    line.includes(`status="${status}"`)
  );
  assert.equal(lines.length, 2, lines.join("\n"));
  return lines;
}

const PATHS = ["/v1/chat/completions", "/v1/messages"];

for (const status of [400, 422]) {
  for (const stream of [false, true]) {
    for (const passthrough of [true, false]) {
      Deno.test(`an upstream ${status} is counted under the backend that answered it (stream: ${stream}, passthrough: ${passthrough})`, async () => {
        const upstream = serveUpstream(() => clientError(status));
        const logs: RequestLogEntry[] = [];
        const gateway = serveGateway({
          backends: [
            ["first", upstreamAdapter(upstream.origin, "first")],
            ["second", upstreamAdapter(upstream.origin, "second")],
          ],
          passthrough,
          logger: (entry) => logs.push(entry),
        });
        try {
          // A model no backend is named after: the router's default answers.
          for (const path of PATHS) {
            assert.equal(
              await ask(gateway.origin, path, "Some-Model", stream),
              status,
            );
          }
          for (const line of await requestsLines(gateway.origin, status)) {
            assert.match(line, /backend="first",.* 1$/);
          }
          const chats = logs.filter((entry) => entry.api !== null);
          assert.deepEqual(chats.map((entry) => entry.backend), [
            "first",
            "first",
          ]);
          // Sequential fallback does not hide a client error.
          assert.equal(upstream.calls.length, 2);
        } finally {
          await gateway.close();
          await upstream.close();
        }
      });
    }
  }
}

for (const stream of [false, true]) {
  Deno.test(`a client error at the second step of a fallback is counted under the second backend (stream: ${stream})`, async () => {
    const upstream = serveUpstream(() => clientError(400));
    const logs: RequestLogEntry[] = [];
    const gateway = serveGateway({
      backends: [
        ["down", createFailingAdapter()],
        ["up", upstreamAdapter(upstream.origin, "up")],
      ],
      logger: (entry) => logs.push(entry),
    });
    try {
      for (const path of PATHS) {
        assert.equal(await ask(gateway.origin, path, "any", stream), 400);
      }
      for (const line of await requestsLines(gateway.origin, 400)) {
        assert.match(line, /backend="up"/);
      }
      const chats = logs.filter((entry) => entry.api !== null);
      assert.deepEqual(chats.map((entry) => entry.backend), ["up", "up"]);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
}

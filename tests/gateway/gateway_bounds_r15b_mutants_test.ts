// createGateway's two bounds given in code, `maxBodyBytes` and `maxStreams`:
// a value read from the environment that is missing (`Number(undefined)` is
// NaN) used to turn the bound off without a word, and 0, a negative or a
// fraction refused every request ("larger than -1 bytes"). Each is refused
// at creation now, as the config file refuses it; a positive integer and
// Infinity are kept, and an absent bound is its default.
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function chat(text: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    body: JSON.stringify({
      model: "echo",
      messages: [{ role: "user", content: text }],
    }),
  });
}

Deno.test("createGateway refuses a body or stream bound that is not a positive integer or Infinity", () => {
  // Bugs (`gateway.ts`: either bound taken as given, NaN turning it off;
  // `maxBodyBytes ?? default` as `||`, 0 taken for the default).
  for (const name of ["maxBodyBytes", "maxStreams"] as const) {
    for (const value of [NaN, 0, -1, 1.5, -Infinity]) {
      assert.throws(
        () =>
          createGateway({
            backends: [["echo", createEchoAdapter()]],
            [name]: value,
          }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message ===
            `createGateway: ${name} must be a positive integer or Infinity`,
        `${name}: ${value}`,
      );
    }
    for (const value of [1, 2 ** 31, Infinity]) {
      createGateway({
        backends: [["echo", createEchoAdapter()]],
        [name]: value,
      }).dispose();
    }
  }
});

Deno.test("createGateway keeps a positive body bound, Infinity, and the 4 MiB default", async () => {
  const small = chat("hi");
  const size = (await small.clone().arrayBuffer()).byteLength;
  const big = "x".repeat(4 * 1024 * 1024);
  for (
    const [maxBodyBytes, smallStatus, bigStatus] of [
      [size, 200, 413],
      [size - 1, 413, 413],
      [Infinity, 200, 200],
      [undefined, 200, 413],
    ] as const
  ) {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    });
    try {
      for (
        const [request, status] of [
          [chat("hi"), smallStatus],
          [chat(big), bigStatus],
        ] as const
      ) {
        const response = await gateway(request);
        assert.equal(response.status, status, `maxBodyBytes: ${maxBodyBytes}`);
        if (status === 413) {
          const body = await response.json();
          assert.equal(body.error.code, "request_too_large");
        } else await response.body?.cancel();
      }
    } finally {
      gateway.dispose();
    }
  }
});

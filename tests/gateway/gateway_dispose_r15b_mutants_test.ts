// Who disposes the model router: a gateway disposes the router it built from
// `backends` (its health checks stop, its calls end), and leaves alone a
// router it was given, which the caller may share with another gateway or
// use on its own (documented on `GatewayOptions.router`).
import assert from "node:assert/strict";
import { createGateway } from "../../src/gateway/mod.ts";
import { createRouter } from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

async function chatStatus(gateway: (r: Request) => Promise<Response>) {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

Deno.test("gateway.dispose() disposes the router it built, and not one it was given", async () => {
  // Bug (`gateway.ts`: dispose()'s ownership test inverted).
  const shared = createRouter().register("echo", createEchoAdapter());
  const first = createGateway({ router: shared });
  const second = createGateway({ router: shared });
  const built = createGateway({ backends: [["echo", createEchoAdapter()]] });
  try {
    assert.equal(await chatStatus(first), 200);
    first.dispose();
    assert.deepEqual(shared.listBackends(), ["echo"]);
    assert.equal(await chatStatus(second), 200);
    assert.equal(await chatStatus(built), 200);
    built.dispose();
    assert.deepEqual(built.router.listBackends(), []);
    assert.equal(await chatStatus(built), 503);
  } finally {
    second.dispose();
    shared.dispose();
  }
});

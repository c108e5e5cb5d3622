// The router a gateway builds from `backends` takes the first one as its
// default backend, even when it is the only one: a model that names no
// backend goes there (the gateway's module docs), also after more backends
// are registered on `gateway.router` at run time. With one backend the
// router's first-available choice hides a missing default, so these tests
// read the configuration and change the backend set.
import assert from "node:assert/strict";
import {
  createGatewayFromConfig,
  parseGatewayConfig,
} from "../../src/gateway/mod.ts";
import { AdapterError, ErrorCode } from "../../src/models/mod.ts";
import { createMockAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

const reply = (content: string) => ({
  message: { role: "assistant" as const, content },
  finishReason: "stop" as const,
  metadata: {},
});

async function chatText(
  gateway: (request: Request) => Promise<Response>,
): Promise<{ status: number; text: string | undefined }> {
  const response = await gateway(
    jsonPost("/v1/chat/completions", {
      model: "any-model",
      messages: [{ role: "user", content: "hi" }],
    }),
  );
  const body = await response.json();
  return { status: response.status, text: body.choices?.[0]?.message.content };
}

Deno.test("createGateway: its only backend is the router's default backend", async () => {
  // Bug (`gateway.ts`: the default set only when `backends.length > 1`).
  await withGateway(
    { backends: [["only", createMockAdapter()]] },
    (gateway) => {
      assert.equal(gateway.router.config.defaultBackend, "only");
      return Promise.resolve();
    },
  );
  await withGateway(
    {
      backends: [["first", createMockAdapter()], [
        "second",
        createMockAdapter(),
      ]],
    },
    (gateway) => {
      assert.equal(gateway.router.config.defaultBackend, "first");
      return Promise.resolve();
    },
  );
  // A config file with one backend and no routing.defaultBackend: "default:
  // the first backend" (the config's documented default).
  const config = await parseGatewayConfig(
    JSON.stringify({ backends: [{ name: "local", provider: "echo" }] }),
    () => undefined,
  );
  const fromConfig = createGatewayFromConfig(config);
  try {
    assert.equal(fromConfig.router.config.defaultBackend, "local");
  } finally {
    fromConfig.dispose();
  }
});

Deno.test("a backend registered later does not take the default's models, even when it scores better", async () => {
  // With capability-based routing the fall-through picks the best score
  // unless a default backend is set: the first backend's failed call drops
  // its quality below an untried backend's, so only the default keeps the
  // next request on it.
  const first = createMockAdapter({
    responses: [
      new AdapterError({
        code: ErrorCode.PROVIDER_ERROR,
        message: "the first call fails",
      }),
      reply("from first"),
    ],
  });
  await withGateway(
    {
      backends: [["first", first]],
      routerConfig: {
        capabilityBasedRouting: true,
        optimizationWeights: { cost: 0, speed: 0, quality: 1 },
      },
    },
    async (gateway) => {
      assert.notEqual((await chatText(gateway)).status, 200);
      gateway.router.register(
        "later",
        createMockAdapter({ responses: reply("from later") }),
      );
      assert.deepEqual(await chatText(gateway), {
        status: 200,
        text: "from first",
      });
      // The registered one still answers a model that names it.
      const named = await gateway(
        jsonPost("/v1/chat/completions", {
          model: "later",
          messages: [{ role: "user", content: "hi" }],
        }),
      );
      assert.equal(
        (await named.json()).choices[0].message.content,
        "from later",
      );
    },
  );
});

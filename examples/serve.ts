/**
 * The demo server of `deno task start`: the converter playground and the
 * gateway of `./gateway` on one template router, on 127.0.0.1 by default.
 *
 * Environment:
 * - `PORT` (default 8000; 0 picks a free port); `HOST` (default 127.0.0.1;
 *   anything but loopback needs keys in the config, see `_gateway_setup.ts`).
 * - Backends: `SWITCHYARD_CONFIG`, or `OPENAI_API_KEY` (+ `OPENAI_BASE_URL`),
 *   `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `OLLAMA_HOST`; none → local test
 *   backends (see `_backends.ts`).
 *
 * Hosted providers need network permission for their hosts, e.g.
 * `deno run --allow-net=127.0.0.1,api.openai.com --allow-env --allow-read examples/serve.ts`;
 * the server says at startup which hosts it cannot reach.
 *
 * @module
 */
import { createApp } from "./_app.ts";
import { apiHost, ConfigError, createAdapter } from "./_backends.ts";
import { planGateway } from "./_gateway_setup.ts";
import { createGateway } from "../src/gateway/mod.ts";

function port(): number {
  const raw = Deno.env.get("PORT") ?? "8000";
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535) {
    console.error(
      `PORT must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`,
    );
    Deno.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  let plan;
  try {
    plan = await planGateway(
      (name) => Deno.env.get(name),
      (path) => Deno.readTextFileSync(path),
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`switchyard: ${error.message}`);
    Deno.exit(2);
  }
  const gateway = createGateway({
    ...plan.options,
    backends: plan.specs.map((spec) => [spec.name, createAdapter(spec)]),
    logger: (entry) => console.log(JSON.stringify(entry)),
  });
  if (plan.source === "local") {
    console.log(
      "switchyard: no OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, OLLAMA_HOST or SWITCHYARD_CONFIG set: " +
        "the gateway runs on deterministic local test backends (echo, mock).",
    );
  } else {
    console.log(
      `switchyard: backends from ${
        plan.source === "config" ? "SWITCHYARD_CONFIG" : "environment"
      }: ` +
        plan.specs.map((spec) => `${spec.name} (${spec.provider})`).join(", "),
    );
    for (const spec of plan.specs) {
      const host = apiHost(spec);
      if (host === undefined) continue;
      const { state } = await Deno.permissions.query({ name: "net", host });
      if (state !== "granted") {
        console.log(
          `switchyard: warning: no network permission for ${host} (backend ${spec.name}); ` +
            `add it to --allow-net or requests to this backend fail and fall back.`,
        );
      }
    }
  }

  const app = createApp({ gateway });
  const server = Deno.serve({
    hostname: plan.host,
    port: port(),
    onListen({ hostname, port }) {
      console.log(
        `switchyard: listening on http://${hostname}:${port}/ (playground), /v1 (OpenAI-compatible API)`,
      );
    },
  }, app);

  const stop = () => {
    gateway.dispose();
    server.shutdown();
  };
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
  await server.finished;
}

if (import.meta.main) await main();

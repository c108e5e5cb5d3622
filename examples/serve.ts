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
 * - `REDIS_URL` (or the config's `redis`): breakers, cooldowns and per-key
 *   rate limits shared by every instance on that Redis (see `_redis.ts`);
 *   Redis going away and coming back are JSON lines on stderr
 *   (`{"warning":{"code":"store-unavailable",…}}`).
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
import { connectRedis, type SharedState } from "./_redis.ts";
import {
  createGateway,
  type GatewayServer,
  type IRWarning,
  serveGateway,
} from "../src/gateway/mod.ts";

/**
 * A startup failure: serve.ts prints its message as one `switchyard: …` line
 * and exits with status 2, never with a stack trace.
 */
class StartupError extends Error {}

function port(): number {
  const raw = Deno.env.get("PORT") ?? "8000";
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535) {
    throw new StartupError(
      `PORT must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/** Why the server cannot listen, with what to do about it. */
function listenFailure(hostname: string, port: number, error: unknown): string {
  const where = `cannot listen on ${hostname}:${port}`;
  if (error instanceof Deno.errors.AddrInUse) {
    return `${where}: the port is in use; set PORT to another port, or PORT=0 for a free one`;
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return `${where}: the system refuses it (ports below 1024 need privileges); set PORT to a higher port`;
  }
  return `${where}: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<void> {
  const listenPort = port();
  let plan;
  try {
    plan = await planGateway(
      (name) => Deno.env.get(name),
      (path) => Deno.readTextFileSync(path),
    );
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(error.message);
    throw error;
  }
  let shared: SharedState | undefined;
  if (plan.redis) {
    shared = await connectRedis(plan.redis);
    console.log(
      `switchyard: shared state on Redis ${shared.where}` +
        (shared.connected
          ? ""
          : " (not answering yet: running on local state until it does)"),
    );
  }
  const gateway = createGateway({
    ...plan.options,
    backends: plan.specs.map((spec) => [spec.name, createAdapter(spec)]),
    logger: (entry) => console.log(JSON.stringify(entry)),
    ...(shared
      ? {
        store: shared.store,
        // Redis going and coming back; not the routine registrations.
        onWarning: (warning: IRWarning) => {
          if (/^(rate-limit-)?store-/.test(warning.code)) {
            console.error(JSON.stringify({ warning }));
          }
        },
      }
      : {}),
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
  // serveGateway, not Deno.serve: header, body and idle timeouts and a
  // connection cap (the config's `server` limits), which Deno.serve lacks.
  let server: GatewayServer;
  try {
    server = await serveGateway(app, {
      ...plan.server,
      hostname: plan.host,
      port: listenPort,
    });
  } catch (error) {
    gateway.dispose();
    await shared?.close();
    throw new StartupError(listenFailure(plan.host, listenPort, error));
  }
  console.log(
    `switchyard: listening on http://${server.addr.hostname}:${server.addr.port}/ (playground), /v1 (OpenAI-compatible API)`,
  );

  const stop = () => {
    gateway.dispose();
    server.shutdown().then(() => shared?.close());
  };
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
  await server.finished;
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    // Anything that stops the start (a missing permission too) is one line;
    // an unexpected error keeps its name so it can still be searched for.
    const message = error instanceof StartupError
      ? error.message
      : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);
    console.error(`switchyard: ${message.replace(/\s*\n\s*/g, " ")}`);
    Deno.exit(2);
  }
}

/**
 * `switchyard gateway`: serves the gateway of `./gateway` from a config file
 * or the environment shortcuts, on Deno or Node 20+, with the listener's
 * limits (`serveGateway`: `./serve`'s listener, on Deno or through `node:http`),
 * a startup summary, and a drain on SIGTERM and SIGINT: it stops accepting,
 * lets requests and streams in progress finish within `--drain-ms` (default
 * 25 000, inside the 30 s Docker and Kubernetes wait before SIGKILL), then
 * exits 0 — or 1, saying how many connections it cut, when the bound ran
 * out. A second signal exits at once with status 1. Started by a package
 * runner (`npx`, `deno task`), it also drains when that runner is gone
 * (see `_runner_watch.ts`).
 *
 * @module
 */
import { type BackendSpec, createAdapter } from "../gateway/providers.ts";
import { type GatewayPlan, planGateway } from "../gateway/from_config.ts";
import { GatewayConfigError } from "../gateway/config.ts";
import { createGateway } from "../gateway/gateway.ts";
import type { Gateway, GatewayOptions } from "../gateway/gateway_types.ts";
import { SharedRateLimitStore } from "../gateway/shared_rate_limit_store.ts";
import { SharedBudgetStore } from "../gateway/budget_store.ts";
import type { ServeHandler } from "../serve/options.ts";
import type { IRWarning } from "../models/types.ts";
import { apiHost } from "../gateway/providers.ts";
import { type GatewayServer, serveGateway } from "../gateway/serve.ts";
import { parseArgs } from "./_args.ts";
import { connectRedis, type SharedState } from "./_redis.ts";
import { cacheOptionsOf } from "../gateway/cache/_config.ts";
import { FileError, resolvePath, type Runtime } from "./_runtime.ts";
import { summaryLines } from "./_summary.ts";
import { watchRunner } from "./_runner_watch.ts";
import { StartupError } from "./_startup_error.ts";
import { serveWithDeno } from "./_deno_serve.ts";

/** The help of `switchyard gateway`. */
export const GATEWAY_HELP = `Usage: switchyard gateway [options]

Serves an OpenAI- and Anthropic-compatible LLM gateway over your providers:
POST /v1/chat/completions, POST /v1/messages, GET /v1/models, GET /metrics,
GET /healthz (alive) and GET /readyz (a backend is usable).

Options:
  --config, -c <file>  the config file (JSON; comments and trailing commas
                       allowed); a relative path is read from the directory
                       you run the command in. Default: $SWITCHYARD_CONFIG
  --host <address>     listen address (default $HOST, else 127.0.0.1);
                       anything but loopback needs keys in the config
  --port, -p <port>    listen port (default $PORT, else 8000; 0 = any free)
  --drain-ms <ms>      on SIGTERM/SIGINT, how long requests in progress may
                       take to finish (default $SWITCHYARD_DRAIN_MS, else 25000)
  --listener <name>    bounded (default $SWITCHYARD_LISTENER, else bounded):
                       header, body and idle timeouts and a connection cap;
                       deno-serve (Deno only): Deno.serve, faster, with none
                       of those: only behind a proxy that bounds clients
  --help, -h           this help

Backends, when the config names none (first backend = default):
  OPENAI_API_KEY       + OPENAI_BASE_URL (an OpenAI-compatible server's /v1
                       root) and OPENAI_MODEL (its default model)
  ANTHROPIC_API_KEY, GEMINI_API_KEY, OLLAMA_HOST
  SWITCHYARD_DEFAULT_MODEL  default model of the first backend, if unset
  none of these        two local test backends, echo and mock

Shared state: REDIS_URL (or the config's redis) shares breakers, cooldowns
and rate limits across instances (on Node, install the redis package).

Stop it with SIGTERM or Ctrl-C: it drains, then exits 0.
Exit status: 0 stopped cleanly, 1 drain bound exceeded or the server
stopped accepting on its own, 2 bad usage or configuration (one
"switchyard: ..." line on stderr).`;

const DEFAULT_DRAIN_MS = 25_000;

/**
 * How a program built on the command extends it (see `runGateway`).
 *
 * @example Usage
 * ```ts
 * import type { GatewayCommandExtras } from "@switchyard/switchyard/cli";
 * const extras: GatewayCommandExtras = { served: "the gateway" };
 * ```
 */
export interface GatewayCommandExtras {
  /** Wraps the gateway in another handler (e.g. an app with more routes). */
  wrap?: (gateway: Gateway) => ServeHandler;
  /** What the listening line says is served, after the address. */
  served?: string;
}

function integer(raw: string, what: string, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) {
    throw new StartupError(
      `${what} must be an integer from 0 to ${max}, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/** `host:port`, an IPv6 address in brackets as a URL writes it. */
function hostPort(hostname: string, port: number): string {
  return `${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

/** Why the server cannot listen, with what to do about it. */
function listenFailure(hostname: string, port: number, error: unknown): string {
  const where = `cannot listen on ${hostPort(hostname, port)}`;
  // deno-lint-ignore no-explicit-any
  const deno = (globalThis as any).Deno;
  const code = (error as { code?: string })?.code;
  if (
    (deno && error instanceof deno.errors.AddrInUse) || code === "EADDRINUSE"
  ) {
    return `${where}: the port is in use; set PORT to another port, or PORT=0 for a free one`;
  }
  if (
    (deno && error instanceof deno.errors.PermissionDenied) ||
    code === "EACCES"
  ) {
    return `${where}: the system refuses it (ports below 1024 need privileges); set PORT to a higher port`;
  }
  return `${where}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The config file's absolute path and text, or undefined for none. */
function readConfig(
  given: string | undefined,
  what: string,
  runtime: Runtime,
): { path: string; text: string } | undefined {
  if (given === undefined) return undefined;
  if (given === "") {
    throw new StartupError(`${what} must name a config file, got ""`);
  }
  const dir = runtime.callerDir();
  const path = resolvePath(dir, given);
  let bytes: Uint8Array;
  try {
    bytes = runtime.readFileSync(path);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    const relative = path !== given
      ? ` (${given} is read from the directory the command ran in, ${dir})`
      : "";
    throw new StartupError(
      error.code === "NOT_FOUND"
        ? `${path}: cannot read the config file: it does not exist${relative}`
        : `${path}: cannot read the config file${relative}: ${error.message}`,
    );
  }
  try {
    return {
      path,
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })
        .decode(bytes),
    };
  } catch {
    throw new StartupError(`config file ${path} is not UTF-8 text`);
  }
}

/** Warns about hosts Deno may not reach (no effect on Node). */
async function netWarnings(specs: BackendSpec[], runtime: Runtime) {
  // deno-lint-ignore no-explicit-any
  const deno = (globalThis as any).Deno;
  if (runtime.name !== "deno" || !deno?.permissions) return;
  for (const spec of specs) {
    const host = apiHost(spec);
    if (host === undefined) continue;
    const { state } = await deno.permissions.query({ name: "net", host });
    if (state !== "granted") {
      runtime.out(
        `switchyard: warning: no network permission for ${host} (backend ${spec.name}); ` +
          `add it to --allow-net or requests to this backend fail and fall back.`,
      );
    }
  }
}

/** The plan, with config errors as startup errors. */
async function plan(
  env: (name: string) => string | undefined,
  text: string,
): Promise<GatewayPlan> {
  try {
    return await planGateway(env, () => text);
  } catch (error) {
    if (error instanceof GatewayConfigError) {
      throw new StartupError(error.message);
    }
    throw error;
  }
}

/**
 * Runs `switchyard gateway` until it is stopped.
 *
 * @param args The arguments after `gateway`.
 * @param runtime The runtime.
 * @param extras A wrapping handler and what it serves.
 * @returns The exit status.
 * @throws {StartupError} Bad usage or configuration (the caller prints it, status 2).
 */
export async function gatewayCommand(
  args: readonly string[],
  runtime: Runtime,
  extras: GatewayCommandExtras = {},
): Promise<number> {
  const { options, positional } = parseArgs(args, {
    config: { value: true, short: "-c" },
    host: { value: true },
    port: { value: true, short: "-p" },
    "drain-ms": { value: true },
    listener: { value: true },
    help: { short: "-h" },
  });
  if (options.help) {
    runtime.out(GATEWAY_HELP);
    return 0;
  }
  // Listening for a stop from the start: a SIGTERM that comes while the
  // server starts must drain it too, not kill it with the default action.
  let requestStop!: (reason: string) => void;
  const stopRequested = new Promise<string>((resolve) => requestStop = resolve);
  const removeListeners = runtime.onStop((signal) => requestStop(signal));
  const runner = watchRunner(runtime);
  runner.gone.then(() => requestStop("runner gone"));
  try {
    return await serveUntilStopped(
      options,
      positional,
      runtime,
      extras,
      stopRequested,
    );
  } finally {
    removeListeners();
    runner.stop();
  }
}

/** Everything after the help: plan, connect, serve, drain. */
async function serveUntilStopped(
  options: Record<string, string | true>,
  positional: string[],
  runtime: Runtime,
  extras: GatewayCommandExtras,
  stopRequested: Promise<string>,
): Promise<number> {
  if (positional.length > 0) {
    throw new StartupError(
      `unexpected argument ${JSON.stringify(positional[0])}; see --help`,
    );
  }
  const flag = (name: string) =>
    typeof options[name] === "string" ? options[name] as string : undefined;
  // An empty variable is an unset one, as for HOST and SWITCHYARD_CONFIG
  // (compose's `PORT: ${PORT}` with PORT unset gives ""); an empty flag
  // value is refused, naming the flag.
  const setting = (name: string) => runtime.env(name) || undefined;
  const portFlag = flag("port");
  const port = integer(
    portFlag ?? setting("PORT") ?? "8000",
    portFlag !== undefined ? "--port" : "PORT",
    65535,
  );
  const drainFlag = flag("drain-ms");
  const drainRaw = drainFlag ?? setting("SWITCHYARD_DRAIN_MS");
  const drainMs = drainRaw === undefined ? DEFAULT_DRAIN_MS : integer(
    drainRaw,
    drainFlag !== undefined ? "--drain-ms" : "SWITCHYARD_DRAIN_MS",
    3_600_000,
  );
  const listenerFrom = flag("listener") !== undefined
    ? "--listener"
    : "SWITCHYARD_LISTENER";
  const listener = listenerOf(
    listenerFrom,
    flag("listener") ?? setting("SWITCHYARD_LISTENER") ?? "bounded",
    runtime,
  );
  const configFlag = flag("config");
  const config = readConfig(
    configFlag ?? setting("SWITCHYARD_CONFIG"),
    configFlag !== undefined ? "--config" : "SWITCHYARD_CONFIG",
    runtime,
  );
  const hostFlag = flag("host");
  if (hostFlag === "") {
    throw new StartupError('--host must name a listen address, got ""');
  }
  const env = (name: string): string | undefined =>
    name === "SWITCHYARD_CONFIG"
      ? config?.path
      : name === "HOST" && hostFlag !== undefined
      ? hostFlag
      : runtime.env(name);
  const planned = await plan(env, config?.text ?? "");
  // Deno.serve takes none of the listener's limits: a config that sets them
  // would run without them, unseen.
  const limits = Object.keys(planned.server);
  if (listener === "deno-serve" && limits.length > 0) {
    throw new StartupError(
      `${listenerFrom} deno-serve has no listener limits, but the config sets server.${
        limits[0]
      }: remove the config's server section, or use the bounded listener`,
    );
  }

  let shared: SharedState | undefined;
  if (planned.redis) {
    try {
      shared = await connectRedis(planned.redis, runtime);
    } catch (error) {
      throw new StartupError((error as Error).message);
    }
  }
  const sharedCache = shared && planned.cache?.store === "shared"
    ? cacheOptionsOf(planned.cache, shared.scripts)
    : undefined;
  const gateway = createGateway({
    ...planned.options,
    ...(sharedCache ? { cache: sharedCache } : {}),
    backends: planned.specs.map((spec) => [spec.name, createAdapter(spec)]),
    // Gathered, not written one by one: see `Runtime.log`.
    logger: (entry) => runtime.log(JSON.stringify(entry)),
    ...(shared ? sharedOptions(shared, planned, runtime) : {}),
  });
  for (const line of summaryLines(planned, config?.path, shared)) {
    runtime.out(line);
  }
  if (listener === "deno-serve") {
    runtime.out(
      "switchyard: listener: Deno.serve (--listener deno-serve): no header, body or idle timeout and no connection cap; bound slow clients at the proxy in front",
    );
  }
  await netWarnings(planned.specs, runtime);

  let handler: ServeHandler = gateway;
  try {
    if (extras.wrap) handler = extras.wrap(gateway);
  } catch (error) {
    // The program's own wrap failed, not the listen: its error as it is.
    gateway.dispose();
    await shared?.close();
    throw error;
  }
  let server: GatewayServer;
  try {
    server = listener === "deno-serve"
      ? serveWithDeno(handler, planned.host, port)
      : await serveGateway(handler, {
        ...planned.server,
        hostname: planned.host,
        port,
      });
  } catch (error) {
    gateway.dispose();
    await shared?.close();
    throw new StartupError(listenFailure(planned.host, port, error));
  }
  runtime.out(
    `switchyard: listening on http://${
      hostPort(server.addr.hostname, server.addr.port)
    }/ (${
      extras.served ?? "OpenAI-compatible API at /v1, Anthropic at /v1/messages"
    }); SIGTERM or Ctrl-C drains and stops it`,
  );
  return await drainOnSignal(
    server,
    gateway,
    shared,
    drainMs,
    runtime,
    stopRequested,
  );
}

/** The listeners `--listener` names. */
const LISTENERS = ["bounded", "deno-serve"] as const;

/** The listener `value` names (given by `name`), checked against the runtime. */
function listenerOf(
  name: string,
  value: string,
  runtime: Runtime,
): (typeof LISTENERS)[number] {
  const known = LISTENERS.find((listener) => listener === value);
  if (known === undefined) {
    throw new StartupError(
      `${name} must be one of ${LISTENERS.join(", ")}, got ${
        JSON.stringify(value)
      }`,
    );
  }
  if (known === "deno-serve" && runtime.name !== "deno") {
    throw new StartupError(
      `${name} deno-serve needs Deno; on Node the listener is node:http, with Node's own timeouts`,
    );
  }
  return known;
}

/** Waits for a stop signal, then drains within `drainMs`. */
async function drainOnSignal(
  server: GatewayServer,
  gateway: Gateway,
  shared: SharedState | undefined,
  drainMs: number,
  runtime: Runtime,
  stopRequested: Promise<string>,
): Promise<number> {
  const first = await Promise.race([
    stopRequested,
    server.finished.then(() => ""),
  ]);
  if (first === "") {
    // Nothing asked it to stop: the listener itself went away (running out
    // of file descriptors does not end it: it waits and accepts again).
    // Exiting 0 would read as a clean stop, and a supervisor restarting on
    // failure would leave the port dead.
    runtime.err(
      "switchyard: the server stopped accepting connections on its own; exiting with status 1",
    );
    gateway.dispose();
    await shared?.close();
    return 1;
  }
  // A second signal: the operator does not want to wait.
  const removeListeners = runtime.onStop((signal) => {
    runtime.err(`switchyard: ${signal} again: exiting without waiting`);
    runtime.exit(1);
  });
  runtime.out(
    `switchyard: ${first}: draining ${server.connections} connection(s), up to ${drainMs} ms`,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drained = await Promise.race([
    server.shutdown().then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), drainMs);
    }),
  ]);
  clearTimeout(timer);
  removeListeners();
  gateway.dispose();
  await shared?.close();
  if (!drained) {
    runtime.err(
      `switchyard: ${server.connections} connection(s) still open after ${drainMs} ms; closing them`,
    );
    return 1;
  }
  runtime.out("switchyard: stopped");
  return 0;
}

/** Gateway options for a fleet on Redis: its store, timeout and warnings. */
function sharedOptions(
  shared: SharedState,
  planned: GatewayPlan,
  runtime: Runtime,
): GatewayOptions {
  // Redis going and coming back; not the routine registrations.
  const onWarning = (warning: IRWarning) => {
    if (/^(rate-limit-|budget-)?store-/.test(warning.code)) {
      runtime.err(JSON.stringify({ warning }));
    }
  };
  const timeoutMs = planned.redis?.timeoutMs;
  if (timeoutMs === undefined) return { store: shared.store, onWarning };
  return {
    store: shared.store,
    onWarning,
    routerConfig: { ...planned.options.routerConfig, storeTimeout: timeoutMs },
    rateLimitStore: new SharedRateLimitStore(shared.store, {
      timeoutMs,
      onWarning,
    }),
    budgetStore: new SharedBudgetStore(shared.store, { timeoutMs, onWarning }),
  };
}

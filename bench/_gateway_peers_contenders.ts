// The servers bench/gateway_peers.ts compares, each started as its own
// process on 127.0.0.1 port 0 in front of one mock upstream
// (bench/_gateway_peers_server.ts upstream). Kept apart from the
// measurement so each file stays one concept.
//   relay, js-relay, read-relay, parse-relay, gateway, gw-tokens, serve-gw,
//   serve-native
//               bench/_gateway_peers_server.ts
//   start       `deno task start` (examples/serve.ts) with the task's flags
//   cli-deno    `deno run -A src/cli/mod.ts gateway --config <file>`, as
//               `deno task gateway` runs it (serveGateway's listener)
//   cli-deno-ds the same with `--listener deno-serve` (Deno.serve)
//   node-relay  node:http + fetch (bench/_node_relay.mjs): Node's own floor
//   cli-node    the npm build's bin on Node (`node <package>/bin/switchyard.mjs
//               gateway --config <file>`: serveNode's listener), when the
//               package is built (`deno task build` writes npm/package)
//   portkey     npm @portkey-ai/gateway on Node, when its directory is given
//   <name>-base gateway, serve-gw, start and cli-deno from the checkout BASELINE
//               names, cli-node from the package BASELINE_NPM names (a
//               change's ratio in one run), beside each one started
// ONLY=<names,…> starts only those (with upstream and the two relays).
import { type Server, start } from "./_servers.ts";

/** One server the bench sends requests to. */
export interface Contender {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid?: number;
  /** The bare relay of its runtime, its floor (`relay` or `node-relay`). */
  floor?: string;
}

const here = new URL(".", import.meta.url).pathname;
const root = new URL("..", import.meta.url).pathname;

/** The environment of a command started as a user starts it: no caller config. */
function commandEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...extra };
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Starts every contender; `servers` receives each started process (the
 * caller stops them, even when a later one fails to start). `direct`, the
 * upstream itself, comes first and `relay` second.
 */
export async function startContenders(
  servers: Server[],
  configDir: string,
  options: { portkeyDir?: string; npmPackage?: string },
): Promise<Contender[]> {
  const deno = Deno.execPath();
  const flags = ["run", "-A", "--unstable-no-legacy-abort"];
  // ONLY=serve-gw,start: those contenders beside direct and the relays (a
  // quick look at one path; the full comparison runs every contender).
  const only = Deno.env.get("ONLY")?.split(",");
  const wanted = (name: string) =>
    only === undefined || only.includes(name.replace(/-base$/, "")) ||
    ["upstream", "relay", "node-relay"].includes(name);
  const baseline = Deno.env.get("BASELINE");
  const baselineNpm = Deno.env.get("BASELINE_NPM");
  const launch = async (
    name: string,
    command: string,
    args: string[],
    env: Record<string, string> = {},
    clearEnv = false,
  ): Promise<Server | undefined> => {
    if (!wanted(name)) return undefined;
    const server = await start(name, command, args, env, clearEnv);
    servers.push(server);
    return server;
  };
  const upstream = (await launch("upstream", deno, [
    ...flags,
    `${here}_gateway_peers_server.ts`,
    "upstream",
  ]))!;
  const contenders: Contender[] = [
    { name: "direct", url: upstream.url, headers: {} },
  ];
  const add = (server: Server | undefined, floor?: string, headers = {}) =>
    server && contenders.push({
      name: server.name,
      url: server.url,
      headers,
      pid: server.child.pid,
      ...(floor ? { floor } : {}),
    });
  for (
    const mode of [
      "relay",
      "js-relay",
      "read-relay",
      "parse-relay",
      "gateway",
      "gw-tokens",
      "serve-gw",
      "serve-native",
    ]
  ) {
    add(
      await launch(mode, deno, [
        ...flags,
        `${here}_gateway_peers_server.ts`,
        mode,
        upstream.url,
      ]),
      mode === "relay" ? undefined : "relay",
    );
  }
  // BASELINE=<another checkout>: its serve-gw (and below, its start and
  // command) beside this tree's, so a change is measured as a ratio in one
  // run.
  if (baseline) {
    for (const mode of ["gateway", "serve-gw"]) {
      add(
        await launch(`${mode}-base`, deno, [
          ...flags,
          `${baseline}/bench/_gateway_peers_server.ts`,
          mode,
          upstream.url,
        ]),
        "relay",
      );
    }
  }

  // As `deno task start` runs it: the task's flags, and an environment with
  // only the OpenAI variables (no SWITCHYARD_CONFIG or other provider from
  // the caller's shell).
  const startTask = JSON.parse(
    Deno.readTextFileSync(`${root}deno.json`),
  ).tasks.start.split(/\s+/).slice(1);
  const env = commandEnv({
    PORT: "0",
    OPENAI_API_KEY: "sk-bench-upstream",
    OPENAI_BASE_URL: `${upstream.url}/v1`,
  });
  const twins = (
    name: string,
    here: string,
    base: string | undefined,
  ): [string, string][] =>
    base === undefined
      ? [[name, here]]
      : [[name, here], [`${name}-base`, base]];
  for (const [name, tree] of twins("start", root, baseline)) {
    add(
      await launch(
        name,
        deno,
        startTask.map((arg: string) =>
          arg === "examples/serve.ts" ? `${tree}/examples/serve.ts` : arg
        ),
        env,
        true,
      ),
      "relay",
    );
  }
  // The command reads a config file, as its users run it.
  const config = `${configDir}/switchyard.json`;
  Deno.writeTextFileSync(
    config,
    JSON.stringify({
      backends: [{
        name: "mock",
        provider: "openai",
        apiKey: "$OPENAI_API_KEY",
        baseURL: `${upstream.url}/v1`,
        defaultModel: "gpt-4o-mini",
      }],
    }),
  );
  const commandArgs = ["gateway", "--config", config, "--port", "0"];
  const commandEnvironment = commandEnv({
    OPENAI_API_KEY: "sk-bench-upstream",
  });
  for (const [name, tree] of twins("cli-deno", root, baseline)) {
    add(
      await launch(
        name,
        deno,
        [...flags, `${tree}/src/cli/mod.ts`, ...commandArgs],
        commandEnvironment,
        true,
      ),
      "relay",
    );
  }
  // The command on Deno with --listener deno-serve: Deno.serve's path, the
  // slow-client bounds left to a proxy in front.
  add(
    await launch(
      "cli-deno-ds",
      deno,
      [
        ...flags,
        `${root}src/cli/mod.ts`,
        ...commandArgs,
        "--listener",
        "deno-serve",
      ],
      commandEnvironment,
      true,
    ),
    "relay",
  );
  add(
    await launch("node-relay", "node", [
      `${here}_node_relay.mjs`,
      upstream.url,
    ]),
  );
  if (options.npmPackage) {
    for (
      const [name, pkg] of twins("cli-node", options.npmPackage, baselineNpm)
    ) {
      add(
        await launch(
          name,
          "node",
          [`${pkg}/bin/switchyard.mjs`, ...commandArgs],
          commandEnvironment,
          true,
        ),
        "node-relay",
      );
    }
  } else {
    console.log(
      "cli-node left out: run `deno task build` first (it writes npm/package)",
    );
  }
  if (options.portkeyDir) {
    add(
      await launch(
        "portkey",
        "node",
        [`${here}_portkey_server.mjs`, options.portkeyDir],
        { NODE_ENV: "production" },
      ),
      "node-relay",
      {
        "x-portkey-provider": "openai",
        "x-portkey-custom-host": `${upstream.url}/v1`,
      },
    );
  } else {
    console.log(
      "Portkey left out: pass its package directory (bash bench/gateway_peers.sh installs it)",
    );
  }
  return contenders;
}

/**
 * The `switchyard` command: one executable for the gateway and the
 * converter, on Deno and Node 20+.
 *
 * ```sh
 * switchyard gateway --config gateway.json   # serve the LLM gateway
 * switchyard convert "curl https://example.com -d a=1"
 * switchyard --help | --version | <command> --help
 * ```
 *
 * Installed from npm it is the package's `bin` (`npx @switchyard/switchyard
 * gateway`); on Deno it is this entry point
 * (`deno run -A jsr:@switchyard/switchyard/cli gateway`, or from a clone
 * `deno run -A src/cli/mod.ts gateway`).
 *
 * @example Run a subcommand in-process
 * ```ts
 * import { main } from "@switchyard/switchyard/cli";
 * const status = await main(["--version"]);
 * console.log(status); // 0
 * ```
 *
 * @module
 */
import { GatewayConfigError } from "../gateway/config.ts";
import { UsageError } from "./_args.ts";
import { currentRuntime, type Runtime } from "./_runtime.ts";
import { StartupError } from "./_startup_error.ts";
import { VERSION } from "./_version.ts";
import { CONVERT_HELP, convertCommand } from "./convert.ts";
import {
  GATEWAY_HELP,
  gatewayCommand,
  type GatewayCommandExtras,
} from "./gateway.ts";

export type { GatewayCommandExtras };
// A program that wraps the gateway (`runGateway`'s `wrap`) is handed a
// Gateway, whose router and metrics carry the gateway's and the model
// router's types: all of them come with it, as types only.
export type * from "../gateway/mod.ts";

/** One subcommand: what it does (for the help), its help and how it runs. */
interface Command {
  summary: string;
  help: string;
  run(args: readonly string[], runtime: Runtime): Promise<number>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  gateway: {
    summary: "serve the OpenAI/Anthropic-compatible LLM gateway",
    help: GATEWAY_HELP,
    run: gatewayCommand,
  },
  convert: {
    summary: "convert between curl, raw HTTP, HAR and fetch() code",
    help: CONVERT_HELP,
    run: convertCommand,
  },
};

/**
 * The top-level help text.
 *
 * @example Usage
 * ```ts
 * import { HELP } from "@switchyard/switchyard/cli";
 * console.log(HELP.startsWith("Usage: switchyard <command>")); // true
 * ```
 */
export const HELP: string = `Usage: switchyard <command> [options]

Commands:
${
  Object.entries(COMMANDS).map(([name, command]) =>
    `  ${name.padEnd(10)} ${command.summary}`
  ).join("\n")
}

Options:
  --help, -h      this help (switchyard <command> --help for a command's)
  --version, -V   the version

Quick start: switchyard gateway --config gateway.json
  (or with OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL set, no file)`;

/** One line, whatever the message holds. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/**
 * Runs the command line `args` (the words after `switchyard`).
 *
 * @param args The arguments; default the process's.
 * @returns The exit status: 0 success, 1 failure at work (a conversion that
 *   failed, a drain bound exceeded, a server that stopped accepting on its
 *   own), 2 bad usage or configuration.
 *
 * @example The version
 * ```ts
 * import { main } from "@switchyard/switchyard/cli";
 * await main(["--version"]); // prints "switchyard 0.1.0"
 * ```
 */
export async function main(args?: readonly string[]): Promise<number> {
  const rt = await currentRuntime();
  const [name, ...rest] = args ?? rt.args;
  if (name === "--version" || name === "-V") {
    rt.out(`switchyard ${VERSION}`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    // Own keys only: `help constructor` is no command (it printed "undefined").
    const asked = name === "help" && rest[0] !== undefined ? rest[0] : "";
    const topic = Object.hasOwn(COMMANDS, asked) ? COMMANDS[asked] : undefined;
    rt.out(topic ? topic.help : HELP);
    return 0;
  }
  if (name === undefined || !Object.hasOwn(COMMANDS, name)) {
    rt.err(
      name === undefined
        ? HELP
        : `switchyard: unknown command ${JSON.stringify(name)}; commands: ${
          Object.keys(COMMANDS).join(", ")
        } (see switchyard --help)`,
    );
    return 2;
  }
  return await guarded(name, () => COMMANDS[name].run(rest, rt), rt);
}

/** Runs a subcommand; a startup failure is one `switchyard:` line, status 2. */
async function guarded(
  name: string,
  run: () => Promise<number>,
  rt: Runtime,
): Promise<number> {
  try {
    return await run();
  } catch (error) {
    const known = error instanceof StartupError ||
      error instanceof UsageError || error instanceof GatewayConfigError;
    const message = known
      ? (error as Error).message
      : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);
    const hint = error instanceof UsageError
      ? ` (see switchyard ${name} --help)`
      : "";
    rt.err(`switchyard: ${oneLine(message)}${hint}`);
    return 2;
  } finally {
    // The caller exits the process next: no gathered log line may be lost.
    rt.flush();
  }
}

/**
 * Runs `switchyard gateway` with `args`, serving the gateway wrapped in
 * another handler: how a program adds its own routes (the playground of
 * `deno task start`) and keeps the command's config, summary and drain.
 *
 * @param args The arguments after `gateway` (`--config`, `--port`, …).
 * @param extras The wrapping handler and what the listening line says.
 * @returns The exit status, as {@linkcode main}'s.
 *
 * @example A gateway with one extra route
 * ```ts ignore
 * import { runGateway } from "@switchyard/switchyard/cli";
 * const status = await runGateway(Deno.args, {
 *   wrap: (gateway) => (request, info) =>
 *     new URL(request.url).pathname === "/hello" ? new Response("hi") : gateway(request, info),
 *   served: "the gateway and /hello",
 * });
 * Deno.exit(status);
 * ```
 */
export async function runGateway(
  args: readonly string[],
  extras: GatewayCommandExtras = {},
): Promise<number> {
  const rt = await currentRuntime();
  return await guarded("gateway", () => gatewayCommand(args, rt, extras), rt);
}

// deno-lint-ignore no-explicit-any
const deno = (globalThis as any).Deno;
if (import.meta.main && deno) deno.exit(await main());

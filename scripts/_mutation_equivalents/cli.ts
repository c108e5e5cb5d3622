// The reviewed equivalents of the cli area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the cli area judged equivalent by review. */
export const CLI: Equivalent[] = [
  {
    file: "src/cli/_summary.ts",
    before: "const keys = plan.options.keys?.length ?? 0;",
    after: "const keys = plan.options.keys?.length || 0;",
    reason:
      "a length is a whole number: the only falsy one is 0, which || replaces with 0",
  },
  {
    file: "src/cli/_summary.ts",
    before: "const defaultModel = spec.defaultModel ??",
    after: "const defaultModel = spec.defaultModel ||",
    reason:
      "a plan's spec never has defaultModel '': the config and the backends-only list refuse an empty one, and the environment shortcuts treat an empty OPENAI_MODEL or SWITCHYARD_DEFAULT_MODEL as unset",
  },
  {
    file: "src/cli/_summary.ts",
    before: "cache.maxBytes ?? DEFAULT_MEMORY_CACHE_BYTES",
    after: "cache.maxBytes || DEFAULT_MEMORY_CACHE_BYTES",
    reason:
      "the plan's cache comes from the config, whose reader (cache/_config.ts) takes maxBytes only as a positive integer: it is undefined or at least 1, never the 0 that || would replace",
  },
  {
    file: "src/cli/_summary.ts",
    before: "const aliases = plan.options.aliases ?? {};",
    after: "const aliases = plan.options.aliases || {};",
    reason: "the aliases are an object or undefined, and no object is falsy",
  },
  {
    file: "src/cli/_summary.ts",
    before:
      'configPath ?? "none (--config FILE or SWITCHYARD_CONFIG names one)"',
    after:
      'configPath || "none (--config FILE or SWITCHYARD_CONFIG names one)"',
    reason:
      "the command passes the config's path made absolute by resolvePath (at least '/'), or undefined: never ''",
  },
  {
    file: "src/cli/_summary.ts",
    before:
      '`switchyard: admin API at ${admin.path ?? "/admin"}, console at ${',
    after: '`switchyard: admin API at ${admin.path || "/admin"}, console at ${',
    reason:
      "the config takes admin.path only as a path starting with / (adminPathProblem refuses ''): it is undefined or non-empty",
  },
  {
    file: "src/cli/_summary.ts",
    before: 'admin.consolePath ?? "/console"',
    after: 'admin.consolePath || "/console"',
    reason:
      "the config takes admin.consolePath only as a path starting with / (adminPathProblem refuses ''): it is undefined or non-empty",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'if (runtime.name !== "deno" || !deno?.permissions) return;',
    after: 'if (runtime.name !== "deno" && !deno?.permissions) return;',
    reason:
      "currentRuntime names the runtime 'deno' exactly when the Deno global is there (Deno.version.deno), and every Deno has Deno.permissions: on Deno both tests are false, on Node both are true, so || and && agree; only a runtime double named 'node' inside Deno could tell them apart, and the command never builds one",
  },
  {
    file: "src/cli/_runtime.ts",
    before: "(error as Error)?.message ?? String(error),",
    after: "(error as Error)?.message || String(error),",
    reason:
      "Deno's file errors (NotFound, PermissionDenied, IsADirectory, …) always carry a non-empty message ('… (os error N): readfile …'), so || and ?? give the same text",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'const planned = await plan(env, config?.text ?? "");',
    after: 'const planned = await plan(env, config?.text || "");',
    reason:
      "the text is a string or undefined: the only falsy string is '', which || replaces with ''",
  },
  {
    file: "src/cli/gateway.ts",
    before: 'const planned = await plan(env, config?.text ?? "");',
    after: "const planned = await plan(env, config?.text);",
    reason:
      "planGateway calls the reader only when env('SWITCHYARD_CONFIG') is set, and the command's env gives config?.path for that name: the reader runs only when a config, and so its text, exists",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.connect().then(() => true, () => false),",
    after: "client.connect().then(() => true, () => true),",
    reason:
      "node-redis's connect() rejects only when its reconnect strategy gives up or an 'error' event has no listener; this client's strategy always retries (500 ms) and the listener is attached just before, so the rejection arm never runs (the 2 s bound answers false instead)",
  },
  {
    file: "src/cli/_redis.ts",
    before: 'readonly code = "REDIS_CLIENT_MISSING";',
    after: 'readonly code = "";',
    reason:
      "RedisClientMissing is private to the command: its one caller (gateway.ts) turns any error of connectRedis into a StartupError from the message alone, so the code is never read",
  },
  {
    file: "src/cli/_startup_error.ts",
    before: 'readonly code = "STARTUP";',
    after: 'readonly code = "";',
    reason:
      "StartupError is private to the command (./cli does not export it): main tells it apart with instanceof and prints its message; nothing reads the code",
  },
  {
    file: "src/cli/_args.ts",
    before: 'readonly code = "USAGE";',
    after: 'readonly code = "";',
    reason:
      "UsageError is private to the command (./cli does not export it): main and the convert command tell it apart with instanceof and print its message with status 2; nothing reads the code",
  },
  {
    file: "src/cli/_args.ts",
    before: "const options: Record<string, string | true> = {};",
    after: "const options: Record<string, string | false> = {};",
    reason:
      "a type annotation, erased when the module loads (the sample runs without type checking): the values stored are the same",
  },
  {
    file: "src/cli/convert.ts",
    before: "`cannot read ${path}: ${(error as Error)?.message ?? error}`,",
    after: "`cannot read ${path}: ${(error as Error)?.message || error}`,",
    reason:
      "both runtimes' readFile throw only FileError, handled just above; this line is for anything else, an Error whose message is never empty",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error).message ?? error",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error)?.message",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "(error as Error)?.message ?? error",
    after: "(error as Error)?.message || error",
    reason:
      "what a failed dynamic import() rejects with is always an Error (TypeError) with a non-empty message: ?. , ?? and || all give that message",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.close().then(() => true, () => false),",
    after: "client.close().then(() => false, () => false),",
    reason:
      "after a close that finished, destroy() only throws 'The client is closed', which the catch beside it swallows: the same end state",
  },
  {
    file: "src/cli/_redis.ts",
    before: "client.close().then(() => true, () => false),",
    after: "client.close().then(() => true, () => true),",
    reason:
      "node-redis 6 close() resolves for a client that is open, connecting or reconnecting (checked with Redis up, paused, killed and never there) and rejects only for one already closed; the command closes its client once",
  },
  {
    file: "src/cli/convert.ts",
    before: 'code: "INVALID_HAR",',
    after: 'code: "",',
    reason:
      "parseHarJson runs only after detectType said HAR, which it says only when JSON.parse of the same trimmed text succeeded: the catch that carries this code is a guard no input reaches",
  },
  {
    file: "src/cli/_runtime.ts",
    before: "(error as Error)?.message ?? String(error),",
    after: "(error as Error)?.message,",
    reason:
      "on Deno this wraps only what Deno.readFile and Deno.readFileSync throw, which is always an Error (a Deno.errors class, or TypeError for a bad path) with a string message, so the String(error) default is never reached",
  },
  {
    file: "src/cli/convert.ts",
    before: "`cannot read ${path}: ${(error as Error)?.message ?? error}`,",
    after: "`cannot read ${path}: ${(error as Error)?.message}`,",
    reason:
      "both runtimes' readFile (Deno and Node, _runtime.ts) wrap everything they catch in a FileError, handled on the line above, and the Runtime is not public: no thrown value reaches this line, let alone one without a message",
  },
  {
    file: "src/cli/convert.ts",
    before: "`cannot read ${path}: ${(error as Error)?.message ?? error}`,",
    after: "`cannot read ${path}: ${(error as Error).message ?? error}`,",
    reason:
      "the same unreachable line as the `?? error` entry above: both runtimes' readFile throw only FileError, handled the line before, so no undefined or null error gets here",
  },
  // cli, tenth round (seed 20261165).
  {
    file: "src/cli/_runtime.ts",
    before: "(error as Error)?.message ?? String(error),",
    after: "(error as Error).message ?? String(error),",
    reason:
      "deno.readFile and readFileSync, the only calls this wraps, reject with Error objects (Deno.errors.NotFound and its siblings, or a TypeError for a bad path), never null or undefined, the one case ?. guards",
  },
  {
    file: "src/cli/_summary.ts",
    before:
      "const url = spec.baseURL ?? providerEntry(spec.provider)?.baseURL;",
    after: "const url = spec.baseURL || providerEntry(spec.provider)?.baseURL;",
    reason:
      'a spec\'s baseURL is never "": the config takes only an http(s) URL, the backends-only list refuses an empty one (since this round), OPENAI_BASE_URL is passed only when non-empty and OLLAMA_HOST always becomes a URL',
  },
  {
    file: "src/cli/gateway.ts",
    before: 'if (runtime.name !== "deno" || !deno?.permissions) return;',
    after: 'if (runtime.name !== "deno" || !deno.permissions) return;',
    reason:
      "the right side runs only when runtime.name is 'deno', which currentRuntime gives exactly when the Deno global is there (Deno.version.deno), and the Runtime is not public: deno is never undefined where ?. would guard it",
  },
  {
    file: "src/cli/_runtime.ts",
    before: 'error?.code === "ENOENT",',
    after: 'error.code === "ENOENT",',
    reason:
      "node:fs's readFile and readFileSync, the only calls this wraps, throw Error objects (a system error with its code, or a TypeError for a bad path), never null or undefined, the one case ?. guards; the Runtime is not public",
  },
  {
    file: "src/cli/_runner_watch.ts",
    before: "clearInterval(timer);",
    after: ";",
    reason:
      "its one caller stops the watch in the finally of the command however the serve ended, so the timer goes then; until the drain ends it only reads /proc again once a second and settles an already settled promise, which no one sees",
  },
  {
    file: "src/cli/mod.ts",
    before: "const [name, ...rest] = args ?? rt.args;",
    after: "const [name, ...rest] = args || rt.args;",
    reason:
      "args is an array (never falsy, even empty) or undefined by type, so ?? and || pick the same side",
  },
  {
    file: "src/cli/gateway.ts",
    before: "const code = (error as { code?: string })?.code;",
    after: "const code = (error as { code?: string }).code;",
    reason:
      "listenFailure is called only from the catch around serveGateway and Deno.serve, which fail with an Error: Deno.listen's and Deno.serve's Deno.errors, node:http's system errors, or a ServeError for its options; never with null or undefined, the only values on which reading `.code` without `?.` differs",
  },
  {
    file: "src/cli/_runtime.ts",
    before: "error?.message ?? String(error),",
    after: "error?.message || String(error),",
    reason:
      'the errors here are Node\'s fs errors, whose message is never empty ("ENOENT: no such file or directory, open …"); ?? and || differ only for an empty message',
  },
  {
    file: "src/cli/gateway.ts",
    before: 'configFlag !== undefined ? "--config" : "SWITCHYARD_CONFIG",',
    after: 'configFlag !== undefined ? "--config" : "",',
    reason:
      "readConfig uses the name only to refuse an empty value, and the variable never gives one: setting() reads an empty SWITCHYARD_CONFIG as unset, so only an empty --config reaches that refusal, named by the other side (draw 20261177)",
  },
];

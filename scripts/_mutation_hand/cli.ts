// The hand list of the cli area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

/** The known bugs planted in the cli area. */
export const CLI: HandMutant[] = [
  {
    id: "cli-path-dot-segments",
    bug: "command: ./ and empty segments kept in a file path",
    file: "src/cli/_runtime.ts",
    find: `if (segment === "" || segment === ".") continue;`,
    replace: `if (segment === "" || segment === ".") ;`,
    tests: ["tests/cli/cli_mutants_test.ts"],
  },
  {
    id: "cli-redis-error-listener",
    bug:
      "command: no listener for the Redis client's errors, so it stops reconnecting at the first refusal",
    file: "src/cli/_redis.ts",
    find: `client.on("error", () => {});`,
    replace: `;`,
    tests: ["tests/cli/redis_command_test.ts"],
  },
  {
    id: "cli-runner-watch-unchanged-parent",
    bug:
      "command: an unchanged parent taken for a gone runner, so it stops a second after starting",
    file: "src/cli/_runner_watch.ts",
    find: `if (p !== parent ||`,
    replace: `if (p === parent ||`,
    tests: ["tests/cli/runner_watch_test.ts"],
  },
  {
    id: "cli-runner-watch-left-running",
    bug:
      "runGateway: the runner watch left running after it returns, so an embedding program never ends",
    file: "src/cli/gateway.ts",
    find: `    removeListeners();
    runner.stop();`,
    replace: `    removeListeners();`,
    tests: ["tests/cli/embedded_gateway_test.ts"],
  },
  {
    id: "cli-config-lenient-utf8",
    bug: "command: a config file that is not UTF-8 read with U+FFFD in it",
    file: "src/cli/gateway.ts",
    find: `new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })`,
    replace: `new TextDecoder("utf-8", { fatal: false, ignoreBOM: false })`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-drain-env-ignored",
    bug: "command: SWITCHYARD_DRAIN_MS ignored",
    file: "src/cli/gateway.ts",
    find: `drainFlag ?? setting("SWITCHYARD_DRAIN_MS")`,
    replace: `drainFlag`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-node-port-in-use",
    bug: "command on Node: EADDRINUSE not recognised as a port in use",
    file: "src/cli/gateway.ts",
    find: `|| code === "EADDRINUSE"`,
    replace: ``,
    tests: ["tests/cli/node_listen_test.ts"],
  },
  {
    id: "cli-empty-port-unset",
    bug: "command: an empty PORT refused instead of counting as unset",
    file: "src/cli/gateway.ts",
    find: `const setting = (name: string) => runtime.env(name) || undefined;`,
    replace: `const setting = (name: string) => runtime.env(name);`,
    tests: ["tests/cli/gateway_startup_test.ts"],
  },
  {
    id: "cli-node-missing-file",
    bug:
      "command on Node: a missing file reads as unreadable (ENOENT not recognised)",
    file: "src/cli/_runtime.ts",
    find: `error?.code === "ENOENT",`,
    replace: `error?.code === "",`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-node-exit-flush",
    bug: "command on Node: exit drops the gathered log lines",
    file: "src/cli/_runtime.ts",
    find: `      flush();\n      return process.exit(code) as never;`,
    replace: `      ;\n      return process.exit(code) as never;`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-summary-one-model",
    bug: "startup summary: a backend serving one model does not name it",
    file: "src/cli/_summary.ts",
    find: `if (served.length > 0) parts.push(`,
    replace: `if (served.length > 1) parts.push(`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-redis-timeout-config",
    bug:
      "command: the config's redis.timeoutMs is dropped (100 ms whatever was set)",
    file: "src/cli/gateway.ts",
    find:
      `  if (timeoutMs === undefined) return { store: shared.store, onWarning };`,
    replace:
      `  if (!(timeoutMs === undefined)) return { store: shared.store, onWarning };`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "cli-internal-error-reason",
    bug:
      "switchyard convert: an internal error with an empty message prints no reason",
    file: "src/cli/convert.ts",
    find: `?.message || String(error)}`,
    replace: `?.message ?? String(error)}`,
    tests: ["tests/cli/cli_fresh_mutants_test.ts"],
  },
  {
    id: "m10-empty-config-flag",
    bug:
      "cli: an empty --config falls back to SWITCHYARD_CONFIG (or to no config) instead of being refused",
    file: "src/cli/gateway.ts",
    find: `configFlag ?? setting("SWITCHYARD_CONFIG"),`,
    replace: `configFlag || setting("SWITCHYARD_CONFIG"),`,
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-empty-config-check",
    bug: "cli: an empty --config silently means no config file",
    file: "src/cli/gateway.ts",
    find: `if (given === "") {`,
    replace: "if (false) {",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-process-shim",
    bug:
      "cli: a process shim without versions crashes the runtime check with a TypeError",
    file: "src/cli/_runtime.ts",
    find: "if (process?.versions?.node) return await nodeRuntime();",
    replace: "if (process?.versions.node) return await nodeRuntime();",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-help-flag-topic",
    bug:
      "cli: --help <command> prints that command's help, not the top help it documents",
    file: "src/cli/mod.ts",
    find:
      `const asked = name === "help" && rest[0] !== undefined ? rest[0] : "";`,
    replace:
      `const asked = name === "help" || rest[0] !== undefined ? rest[0] : "";`,
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "m10-help-inherited-key",
    bug: 'cli: help constructor prints "undefined"',
    file: "src/cli/mod.ts",
    find:
      "const topic = Object.hasOwn(COMMANDS, asked) ? COMMANDS[asked] : undefined;",
    replace: "const topic = COMMANDS[asked] ? COMMANDS[asked] : undefined;",
    tests: [
      "tests/cli/cli_r10_mutants_test.ts",
    ],
  },
  {
    id: "cli9-empty-host",
    bug:
      "cli: an empty --host falls back to HOST (or loopback) instead of being refused naming the flag",
    file: "src/cli/gateway.ts",
    find: `  if (hostFlag === "") {
    throw new StartupError('--host must name a listen address, got ""');
  }
`,
    replace: "",
    tests: [
      "tests/cli/empty_flags_r11_test.ts",
    ],
  },
  {
    id: "cli9-empty-file",
    bug:
      "cli: convert --file '' reads the directory the command ran in instead of being refused naming the flag",
    file: "src/cli/convert.ts",
    find: `      if (options.file === "") {
        throw new UsageError(
          '--file must name a file ("-" reads stdin), got ""',
        );
      }
`,
    replace: "",
    tests: [
      "tests/cli/empty_flags_r11_test.ts",
    ],
  },
  {
    id: "cli9-convert-help-return",
    bug:
      "cli: convert --help prints the help, then converts its argument, piped stdin or the sample too",
    file: "src/cli/convert.ts",
    find: `    runtime.out(CONVERT_HELP);
    return 0;`,
    replace: `    runtime.out(CONVERT_HELP);`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-listener-gone-dispose",
    bug:
      "cli: a listener gone on its own returns 1 with the gateway's router (its health checks) still running",
    file: "src/cli/gateway.ts",
    find: `    gateway.dispose();
    await shared?.close();
    return 1;`,
    replace: `    await shared?.close();
    return 1;`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-listener-gone-redis",
    bug:
      "cli: a listener gone on its own returns 1 with the Redis connection still open",
    file: "src/cli/gateway.ts",
    find: `    gateway.dispose();
    await shared?.close();
    return 1;`,
    replace: `    gateway.dispose();
    return 1;`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-redis-prefix-inverted",
    bug:
      'cli: the config\'s redis.prefix ignored (and "undefined:" used when none is given)',
    file: "src/cli/_redis.ts",
    find: "const prefix = settings.prefix ? `${settings.prefix}:` : undefined;",
    replace:
      "const prefix = !settings.prefix ? `${settings.prefix}:` : undefined;",
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-redis-prefix-dropped",
    bug: "cli: the config's redis.prefix not handed to the store",
    file: "src/cli/_redis.ts",
    find: "store: createRedisStore(scripts, prefix ? { prefix } : {}),",
    replace: "store: createRedisStore(scripts, {}),",
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-second-signal-outlives",
    bug:
      "cli: the second-signal handler outlives the command, so a later SIGTERM to an embedding program exits it with status 1",
    file: "src/cli/gateway.ts",
    find: `  clearTimeout(timer);
  removeListeners();`,
    replace: `  clearTimeout(timer);`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-summary-local-reason",
    bug:
      "cli: the summary tells an operator whose config names no backends to set SWITCHYARD_CONFIG (and one without a config that it names none)",
    file: "src/cli/_summary.ts",
    find: `      (configPath
        ? "switchyard: the config names no backends`,
    replace: `      (!configPath
        ? "switchyard: the config names no backends`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  {
    id: "cli9-summary-mock-local",
    bug:
      "cli: the summary shows the in-process mock backend as a remote one at (no URL)",
    file: "src/cli/_summary.ts",
    find: `const local = spec.provider === "echo" || spec.provider === "mock";`,
    replace: `const local = spec.provider === "echo";`,
    tests: [
      "tests/cli/cli_r11_mutants_test.ts",
    ],
  },
  // cli, tenth round (seed 20261165), each caught by
  // tests/cli/cli_r12_mutants_test.ts.
  {
    id: "rout10-convert-help-code-targets",
    bug: "cli: convert --help lists fetch alone as the code targets",
    file: "src/cli/convert.ts",
    find: 't.id !== "curl" && t.id !== "fetch"',
    replace: 't.id !== "curl" && t.id === "fetch"',
    tests: [
      "tests/cli/cli_r12_mutants_test.ts",
    ],
  },
  {
    id: "rout10-convert-help-code-targets-curl",
    bug: "cli: convert --help lists curl alone as the code targets",
    file: "src/cli/convert.ts",
    find: 't.id !== "curl" && t.id !== "fetch"',
    replace: 't.id === "curl" && t.id !== "fetch"',
    tests: [
      "tests/cli/cli_r12_mutants_test.ts",
    ],
  },
  {
    id: "rout10-backends-list-empty-base-url",
    bug:
      'backends-only config list: baseURL "" accepted (requests sent to a relative path)',
    file: "src/gateway/env_backends.ts",
    find: 'if (baseURL === "") {',
    replace: 'if (baseURL === "" && false) {',
    tests: [
      "tests/cli/cli_r12_mutants_test.ts",
    ],
  },
  // Open since the tenth round (seed 20261165), killed in-process.
  {
    id: "open11-guard-flush",
    bug:
      "cli: the command's guard no longer flushes the gathered log lines: a line gathered after the last printed one (a stream whose client left as the listener went away on its own) is lost when the caller exits",
    file: "src/cli/mod.ts",
    find: "    rt.flush();",
    replace: "    ;",
    tests: ["tests/cli/open_r12_mutants_test.ts"],
  },
  // cli, eleventh round (seeds 20261166 and 20261167), planted by hand from
  // the rules' candidates in the command's files.
  {
    id: "cli12-utf8-offset-two-bytes",
    bug:
      "convert: U+0080 counted as one UTF-8 byte, so the bad byte's offset points before it",
    file: "src/cli/convert.ts",
    find: "code < 0x80 ? 1",
    replace: "code <= 0x80 ? 1",
    tests: ["tests/cli/utf8_offset_r12_mutants_test.ts"],
  },
  {
    id: "cli12-utf8-offset-four-bytes",
    bug:
      "convert: U+10000 counted as three UTF-8 bytes, so the bad byte's offset points before it",
    file: "src/cli/convert.ts",
    find: "code < 0x10000 ? 3",
    replace: "code <= 0x10000 ? 3",
    tests: ["tests/cli/utf8_offset_r12_mutants_test.ts"],
  },
  {
    id: "cli12-utf8-genuine-lead-byte",
    bug:
      "convert: a bad sequence starting with EF taken for a genuine U+FFFD, so a later byte is named",
    file: "src/cli/convert.ts",
    find: "bytes[at] === 0xef && bytes[at + 1]",
    replace: "bytes[at] === 0xef || bytes[at + 1]",
    tests: ["tests/cli/utf8_offset_r12_mutants_test.ts"],
  },
  {
    id: "cli12-utf8-genuine-last-byte",
    bug:
      "convert: a bad byte with BD two bytes on taken for a genuine U+FFFD, so a later byte is named",
    file: "src/cli/convert.ts",
    find: "bytes[at + 1] === 0xbf &&",
    replace: "bytes[at + 1] === 0xbf ||",
    tests: ["tests/cli/utf8_offset_r12_mutants_test.ts"],
  },
  {
    id: "cli12-path-above-root",
    bug:
      "command: `..` past the root pops the root too, so --file ../../x is read relative to the process's directory",
    file: "src/cli/_runtime.ts",
    find: "if (parts.length > 1) parts.pop();",
    replace: "if (parts.length >= 1) parts.pop();",
    tests: ["tests/cli/paths_r12_mutants_test.ts"],
  },
  {
    id: "cli12-integer-highest-refused",
    bug:
      "gateway command: --port 65535 and --drain-ms 3600000 refused though the help allows them",
    file: "src/cli/gateway.ts",
    find: "value > max) {",
    replace: "value >= max) {",
    tests: ["tests/cli/listen_r12_mutants_test.ts"],
  },
  {
    id: "cli12-listen-any-failure-in-use",
    bug:
      "gateway command on Deno: every listen failure reported as a port in use (set PORT)",
    file: "src/cli/gateway.ts",
    find: "(deno && error instanceof deno.errors.AddrInUse)",
    replace: "(deno || error instanceof deno.errors.AddrInUse)",
    tests: ["tests/cli/listen_r12_mutants_test.ts"],
  },
  {
    id: "cli12-listen-any-failure-privileged",
    bug:
      "gateway command on Deno: every listen failure but a port in use reported as a port below 1024",
    file: "src/cli/gateway.ts",
    find: "(deno && error instanceof deno.errors.PermissionDenied)",
    replace: "(deno || error instanceof deno.errors.PermissionDenied)",
    tests: ["tests/cli/listen_r12_mutants_test.ts"],
  },
  {
    id: "cli12-runner-grandparent-always-gone",
    bug:
      "command: under a runner whose parent could be read, the grandparent taken as gone at the first look, so the gateway stops a second after it started",
    file: "src/cli/_runner_watch.ts",
    find: "(grandparent !== undefined && g !== grandparent)",
    replace: "(grandparent !== undefined || g !== grandparent)",
    tests: ["tests/cli/runner_watch_r12_mutants_test.ts"],
  },
  {
    id: "cli12-runner-grandparent-pid-field",
    bug:
      "command: the runner's parent read from the wrong /proc stat field, so its going is never seen",
    file: "src/cli/_runner_watch.ts",
    find: "const ppid = Number(fields[1]);",
    replace: "const ppid = Number(fields[0]);",
    tests: ["tests/cli/runner_watch_r12_mutants_test.ts"],
  },
  {
    id: "cli12-host-env-ignored",
    bug:
      "gateway command: HOST ignored without --host, and --host ignored where HOST is set (seed 20261166, gateway.ts:276)",
    file: "src/cli/gateway.ts",
    find: ': name === "HOST" && hostFlag !== undefined',
    replace: ': name === "HOST" && hostFlag === undefined',
    tests: ["tests/cli/listen_r12_mutants_test.ts"],
  },
  {
    id: "cli12-convert-dashes-input-dropped",
    bug:
      "convert: the input after -- ignored, so the sample or stdin is converted instead (seed 20261167, convert.ts:165)",
    file: "src/cli/convert.ts",
    find: `      positional.push(...args.slice(i + 1));
      break;`,
    replace: `      ;
      break;`,
    tests: ["tests/cli/convert_args_r12_mutants_test.ts"],
  },
  {
    id: "cli12-convert-dashes-options-after",
    bug: "convert: arguments after -- still read as options",
    file: "src/cli/convert.ts",
    find: `      positional.push(...args.slice(i + 1));
      break;`,
    replace: `      positional.push(...args.slice(i + 1));
      ;`,
    tests: ["tests/cli/convert_args_r12_mutants_test.ts"],
  },
  {
    id: "wrap13-wrap-in-listen-try",
    bug:
      "cli: runGateway never calls its wrap, so a program's own routes (and a wrap that fails) go unseen",
    file: "src/cli/gateway.ts",
    find: "    if (extras.wrap) handler = extras.wrap(gateway);\n",
    replace: "",
    tests: ["tests/cli/wrap_failure_test.ts"],
  },
  {
    id: "stk13-convert-all-request-crlf",
    bug:
      "convert: the default output's raw HTTP section of a request turns only its first CRLF into LF; every header line keeps a carriage return",
    file: "src/cli/convert.ts",
    find: 'all.httpString.replace(/\\r\\n/g, "\\n"),',
    replace: 'all.httpString.replace(/\\r\\n/, "\\n"),',
    tests: ["tests/cli/convert_all_r13_mutants_test.ts"],
  },
  {
    id: "stk13-convert-all-response-crlf",
    bug:
      "convert: the default output's raw HTTP section of a response turns only its first CRLF into LF",
    file: "src/cli/convert.ts",
    find: '(await stringifyResponse(response)).replace(/\\r\\n/g, "\\n"),',
    replace: '(await stringifyResponse(response)).replace(/\\r\\n/, "\\n"),',
    tests: ["tests/cli/convert_all_r13_mutants_test.ts"],
  },
  {
    id: "stk13-listen-ipv6-unbracketed",
    bug:
      "gateway command: on an IPv6 address the listening line prints http://::1:PORT/, a URL no client reads as that address and port, and a listen failure names ::1:PORT",
    file: "src/cli/gateway.ts",
    find:
      '  return `${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;',
    replace: "  return `${hostname}:${port}`;",
    tests: [
      "tests/cli/listen_r13_mutants_test.ts",
      "tests/cli/listen_r12_mutants_test.ts",
    ],
  },
  {
    id: "gw15-line-buffer-bound-late",
    bug:
      "log lines: text exactly at the buffer's bound stays gathered until the next line or the timer",
    file: "src/cli/_line_buffer.ts",
    find: "if (this.#length >= this.#maxBytes)",
    replace: "if (this.#length > this.#maxBytes)",
    tests: ["tests/cli/line_buffer_r15_mutants_test.ts"],
  },
  {
    id: "kc16-redis-close-bound-closed",
    bug:
      "gateway command: a Redis client whose close hangs past its 3 s bound is taken as closed and never destroyed",
    file: "src/cli/_redis.ts",
    find: "closeTimer = setTimeout(() => resolve(false), 3_000);",
    replace: "closeTimer = setTimeout(() => resolve(true), 3_000);",
    tests: ["tests/cli/redis_close_r16_mutants_test.ts"],
  },
  {
    id: "kc16-redis-close-destroy-inverted",
    bug:
      "gateway command: the Redis client destroyed only after a clean close, so one whose close hangs or fails keeps its socket",
    file: "src/cli/_redis.ts",
    find: "if (!closed) {",
    replace: "if (closed) {",
    tests: ["tests/cli/redis_close_r16_mutants_test.ts"],
  },
  {
    id: "kc16-redis-close-failure-closed",
    bug:
      "gateway command: a Redis client whose close fails is taken as closed and never destroyed",
    file: "src/cli/_redis.ts",
    find: "client.close().then(() => true, () => false),",
    replace: "client.close().then(() => true, () => true),",
    tests: ["tests/cli/redis_close_r16_mutants_test.ts"],
  },
  {
    id: "kc16-runtime-drive-lower-case",
    bug:
      "command: a Windows path on a lower-case drive (c:\\srv\\gw.json) taken as relative and read under the working directory",
    file: "src/cli/_runtime.ts",
    find: "/^[A-Za-z]:[\\\\/]/",
    replace: "/^[A-Z]:[\\\\/]/",
    tests: ["tests/cli/cli_r16_mutants_test.ts"],
  },
  {
    id: "kc16-runtime-err-before-logs",
    bug:
      "command: an error line written to stderr ahead of the request log lines gathered before it",
    file: "src/cli/_runtime.ts",
    find: "    err: (line) => {\n      flush();\n",
    replace: "    err: (line) => {\n",
    tests: ["tests/cli/cli_r16_mutants_test.ts"],
  },
  {
    id: "kc16-command-inherited-name",
    bug:
      "command: switchyard constructor (any name an object inherits) run as a command, ending in a TypeError instead of the unknown-command line",
    file: "src/cli/mod.ts",
    find: "if (name === undefined || !Object.hasOwn(COMMANDS, name)) {",
    replace: "if (name === undefined || !(name in COMMANDS)) {",
    tests: ["tests/cli/cli_r16_mutants_test.ts"],
  },
  {
    id: "kc16-command-failure-lines-kept",
    bug:
      "command: a failure message of several lines printed with all but its first line break kept, so the switchyard: line runs on",
    file: "src/cli/mod.ts",
    find: 'text.replace(/\\s*[\\r\\n]+\\s*/g, " ")',
    replace: 'text.replace(/\\s*[\\r\\n]+\\s*/, " ")',
    tests: ["tests/cli/cli_r16_mutants_test.ts"],
  },
  {
    id: "kc16-command-config-error-named",
    bug:
      "command: a GatewayConfigError raised in an embedding program's wrap printed as GatewayConfigError: config: … instead of config: …",
    file: "src/cli/mod.ts",
    find: "error instanceof UsageError || error instanceof GatewayConfigError;",
    replace: "error instanceof UsageError;",
    tests: ["tests/cli/cli_r16_mutants_test.ts"],
  },
  {
    id: "kc16-line-buffer-length-kept",
    bug:
      "log lines: the gathered length not reset by a flush, so after the first bound every line is written on its own",
    file: "src/cli/_line_buffer.ts",
    find: "    this.#lines = [];\n    this.#length = 0;\n",
    replace: "    this.#lines = [];\n",
    tests: ["tests/cli/line_buffer_test.ts"],
  },
  {
    id: "kc16-summary-url-query-printed",
    bug: "startup summary: a backend URL's query (?api-key=…) printed with it",
    file: "src/cli/_summary.ts",
    find: 'parsed.search = "";',
    replace: ";",
    tests: ["tests/cli/summary_r16_mutants_test.ts"],
  },
  {
    id: "kc16-summary-url-password-printed",
    bug: "startup summary: the password of a backend URL printed with it",
    file: "src/cli/_summary.ts",
    find: 'parsed.password = "";',
    replace: ";",
    tests: ["tests/cli/summary_r16_mutants_test.ts"],
  },
  {
    id: "kc16-summary-url-user-printed",
    bug: "startup summary: the user of a backend URL printed with it",
    file: "src/cli/_summary.ts",
    find: 'parsed.username = "";',
    replace: ";",
    tests: ["tests/cli/summary_r16_mutants_test.ts"],
  },
  {
    id: "kc16-summary-invalid-url-printed",
    bug:
      "startup summary: a URL that does not parse printed as written, credentials and all",
    file: "src/cli/_summary.ts",
    find: 'return "(invalid URL)";',
    replace: "return url;",
    tests: ["tests/cli/summary_r16_mutants_test.ts"],
  },
  {
    id: "kc16-summary-alias-name-prefix",
    bug:
      "startup summary: a backend whose name begins another's listed as serving the other's models",
    file: "src/cli/_summary.ts",
    find: "target.startsWith(`${spec.name}/`)",
    replace: "target.startsWith(spec.name)",
    tests: ["tests/cli/summary_r16_mutants_test.ts"],
  },
  {
    id: "cli17-deno-shim-without-version",
    bug:
      "a Deno global without a version (a partial shim on Node) makes the command throw a TypeError instead of running on Node",
    file: "src/cli/_runtime.ts",
    find: "if (deno?.version?.deno) return denoRuntime();",
    replace: "if (deno?.version.deno) return denoRuntime();",
    tests: ["tests/cli/cli_draw_20261172_r17_test.ts"],
  },
  {
    id: "cli19-listen-failure-router-kept",
    bug:
      "a start whose listen fails closes Redis but leaves the gateway's router polling it, warning that the store is gone",
    file: "src/cli/gateway.ts",
    find:
      "gateway.dispose();\n    await shared?.close();\n    throw new StartupError(",
    replace: "await shared?.close();\n    throw new StartupError(",
    tests: ["tests/cli/redis_command_test.ts"],
  },
  {
    id: "cli24-summary-source",
    bug:
      "the startup summary says the backends come from the environment when a config file named them",
    file: "src/cli/_summary.ts",
    find: 'plan.source === "config" ? "the config file"',
    replace: 'plan.source === "local" ? "the config file"',
    tests: ["tests/cli/cli_mutants_test.ts"],
  },
  {
    id: "cli24-listener-ignored",
    bug:
      "--listener deno-serve (or SWITCHYARD_LISTENER) still serves through the bounded listener",
    file: "src/cli/gateway.ts",
    find: 'server = listener === "deno-serve"',
    replace: 'server = listener === "deno_serve"',
    tests: ["tests/cli/listener_option_test.ts"],
  },
  {
    id: "cli24-listener-on-node",
    bug:
      "--listener deno-serve is let through on Node, where there is no Deno.serve",
    file: "src/cli/gateway.ts",
    find: 'if (known === "deno-serve" && runtime.name !== "deno")',
    replace: 'if (known === "deno-serve" && runtime.name === "bun")',
    tests: ["tests/cli/listener_option_test.ts"],
  },
  {
    id: "cli24-listener-limits-dropped",
    bug:
      "the config's listener limits are dropped unseen under Deno.serve, which has none",
    file: "src/cli/gateway.ts",
    find: 'if (listener === "deno-serve" && limits.length > 0)',
    replace: 'if (listener === "deno-serve" && limits.length > 1)',
    tests: ["tests/cli/listener_option_test.ts"],
  },
  {
    id: "cli24-listener-empty-variable",
    bug:
      "an empty SWITCHYARD_LISTENER is read as a name and refused, not as unset",
    file: "src/cli/gateway.ts",
    find: 'setting("SWITCHYARD_LISTENER") ?? "bounded"',
    replace: 'runtime.env("SWITCHYARD_LISTENER") ?? "bounded"',
    tests: ["tests/cli/listener_option_test.ts"],
  },
  {
    id: "cli24-deno-serve-count",
    bug:
      "under Deno.serve an answered request stays counted as in progress when the drain starts",
    file: "src/cli/_deno_serve.ts",
    find: "  const settled = () => {\n    busy--;\n  };",
    replace: "  const settled = () => {};",
    tests: ["tests/cli/listener_option_test.ts"],
  },
  {
    id: "cli24-listener-summary",
    bug:
      "the summary does not say that Deno.serve has no client timeouts nor a connection cap",
    file: "src/cli/gateway.ts",
    find: '  if (listener === "deno-serve") {\n    runtime.out(',
    replace: '  if (listener === "bounded") {\n    runtime.out(',
    tests: ["tests/cli/listener_option_test.ts"],
  },
];

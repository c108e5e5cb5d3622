// Deno-only: how the tests run each target's code with the real interpreter,
// and which headers each client adds by itself. One entry per target of
// src/convert/targets/_table.ts (the suite fails for a target without one).
//
// Each runner takes a batch of programs and runs them in as few processes as
// it can (one Python, one Node, one bash), each program against its own
// capture server, so the suite stays fast.
import { run, type RunResult } from "../../_bounded.ts";
import { findProgram, underCI } from "../../_programs.ts";

/** How to run one target's code. */
export interface Runner {
  /** Header names (lowercase) the client sends when the request has none. */
  defaults: readonly string[];
  /** Why the runtime is missing, with the install line; undefined when present. */
  missing(): Promise<string | undefined>;
  /** Runs every program, in order, bounded; each prints the answer. */
  run(programs: string[]): Promise<RunResult>;
}

const BATCH_TIMEOUT_MS = 120_000;

async function withFiles<T>(
  programs: string[],
  extension: string,
  body: (dir: string, files: string[]) => Promise<T>,
  dir?: string,
): Promise<T> {
  const temp = await Deno.makeTempDir({ dir, prefix: "switchyard-target-" });
  try {
    const files: string[] = [];
    for (const [i, program] of programs.entries()) {
      const file = `${temp}/p${i}${extension}`;
      await Deno.writeTextFile(file, program);
      files.push(file);
    }
    return await body(temp, files);
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
}

const pythons = new Map<string, Promise<string | undefined>>();

/**
 * A python3 that can import `module`. Debian's /usr/bin/python3 first: the
 * python3 on PATH may be a pyenv shim without Debian's python3-requests.
 */
function pythonWith(module: string): Promise<string | undefined> {
  let found = pythons.get(module);
  if (found === undefined) {
    found = (async () => {
      const candidates = ["/usr/bin/python3", findProgram("python3")];
      for (const python of candidates) {
        if (python === undefined) continue;
        try {
          const probe = await run(python, {
            args: ["-c", `import ${module}`],
            timeoutMs: 30_000,
          });
          if (probe.success) return python;
        } catch { /* not runnable */ }
      }
      return undefined;
    })();
    pythons.set(module, found);
  }
  return found;
}

// Runs each file as __main__, one after another; a failure is printed and
// the next file still runs.
const PY_DRIVER = `import runpy, sys, traceback
for path in sys.argv[1:]:
    print("=== " + path, flush=True)
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException:
        traceback.print_exc()
`;

function pythonRunner(module: string, pkg: string, defaults: string[]): Runner {
  return {
    defaults,
    async missing() {
      return await pythonWith(module) === undefined
        ? `python3 with ${module} not found; install: apt-get install -y ${pkg}`
        : undefined;
    },
    async run(programs) {
      const python = await pythonWith(module);
      if (python === undefined) throw new Error(`no python3 with ${module}`);
      return await withFiles(programs, ".py", (_dir, files) =>
        run(python, {
          args: ["-c", PY_DRIVER, ...files],
          timeoutMs: BATCH_TIMEOUT_MS,
        }));
    },
  };
}

function programRunner(
  program: string,
  pkg: string,
  defaults: string[],
  prelude = "",
): Runner {
  return {
    defaults,
    missing() {
      return Promise.resolve(
        findPath(program) === undefined
          ? `${program} not found on PATH; install: apt-get install -y ${pkg}`
          : undefined,
      );
    },
    run(programs) {
      // Each command on its own line(s), as pasted; a failing one does not
      // stop the next.
      const script = prelude + programs.map((p) => p.trimEnd()).join("\n") +
        "\n";
      return run("bash", {
        args: ["--norc", "--noprofile", "-c", script],
        timeoutMs: BATCH_TIMEOUT_MS,
      });
    },
  };
}

function findPath(name: string): string | undefined {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (dir === "") continue;
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
    } catch { /* not here */ }
  }
  return undefined;
}

// Imports each module in turn; a failure is printed and the next one runs.
const NODE_DRIVER = `for (const file of process.argv.slice(1)) {
  console.log("=== " + file);
  try {
    await import(file);
  } catch (error) {
    console.error(error);
  }
}
`;

function nodeRunner(defaults: string[], dir?: () => Promise<string>): Runner {
  return {
    defaults,
    missing() {
      return Promise.resolve(
        findPath("node") === undefined
          ? "node not found on PATH; install: apt-get install -y nodejs"
          : undefined,
      );
    },
    async run(programs) {
      return await withFiles(programs, ".mjs", (_dir, files) =>
        run("node", {
          args: ["--input-type=module", "-e", NODE_DRIVER, ...files],
          timeoutMs: BATCH_TIMEOUT_MS,
        }), dir ? await dir() : undefined);
    },
  };
}

/** Every target's runner, by target id. */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  curl: programRunner(
    "curl",
    "curl",
    // Upgrade, HTTP2-Settings and Connection: its h2c negotiation (--http2).
    ["user-agent", "accept", "upgrade", "http2-settings", "connection"],
    'curl() { command curl -q -s --max-time 10 "$@"; }\n',
  ),
  // Node's fetch (undici).
  fetch: nodeRunner([
    "user-agent",
    "accept",
    "accept-language",
    "accept-encoding",
    "sec-fetch-mode",
    "connection",
    // With If-None-Match and the like: fetch's cache mode becomes no-store.
    "pragma",
    "cache-control",
  ]),
  "python-requests": pythonRunner("requests", "python3-requests", [
    "user-agent",
    "accept",
    "accept-encoding",
    "connection",
  ]),
};

/**
 * Whether a target's test must be skipped: outside CI when the runtime is
 * missing (printing why and how to install it); never under CI=true.
 */
export async function skipReason(id: string): Promise<string | undefined> {
  const runner = RUNNERS[id];
  if (runner === undefined) return undefined; // the suite fails for it
  const missing = await runner.missing();
  if (missing === undefined || underCI()) return undefined;
  const line = `skipped the ${id} wire tests: ${missing}`;
  console.log(line);
  const log = Deno.env.get("SWITCHYARD_SKIP_LOG");
  if (log) Deno.writeTextFileSync(log, line + "\n", { append: true });
  return missing;
}

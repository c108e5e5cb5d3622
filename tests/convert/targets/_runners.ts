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

// HTTPie's own entry point on each argv that bash gave the `http` function:
// one Python process instead of one per command (a start costs ~0.5 s).
const HTTPIE_DRIVER = `import os, sys
from httpie.core import main
words = open(sys.argv[1], "rb").read().split(b"\\x00")[:-1]
while words:
    count = int(words[0])
    argv = [os.fsdecode(arg) for arg in words[1:count + 1]]
    words = words[count + 1:]
    print("=== " + " ".join(argv)[:80], flush=True)
    try:
        main(["http", "--ignore-stdin", "--timeout", "10", *argv])
    except BaseException as error:
        print(repr(error), file=sys.stderr)
`;

function httpieRunner(defaults: string[]): Runner {
  return {
    defaults,
    async missing() {
      return await pythonWith("httpie") === undefined
        ? "HTTPie not found; install: apt-get install -y httpie"
        : undefined;
    },
    async run(programs) {
      const python = await pythonWith("httpie");
      if (python === undefined) throw new Error("no python3 with httpie");
      const temp = await Deno.makeTempDir({ prefix: "switchyard-httpie-" });
      try {
        // Real bash reads each command; `http` records its argv, counted
        // (NUL never occurs in an argument).
        const script = `http() { printf '%s\\0' "$#" "$@"; }\n` +
          programs.map((p) => p.trimEnd()).join("\n") + "\n";
        const argv = await run("bash", {
          args: ["--norc", "--noprofile", "-c", script],
          timeoutMs: BATCH_TIMEOUT_MS,
        });
        await Deno.writeFile(`${temp}/argv`, argv.stdout);
        return await run(python, {
          args: ["-c", HTTPIE_DRIVER, `${temp}/argv`],
          timeoutMs: BATCH_TIMEOUT_MS,
        });
      } finally {
        await Deno.remove(temp, { recursive: true });
      }
    },
  };
}

/** axios as the tests pin it, installed by npm into a cache directory. */
export const AXIOS = "axios@1.21.1";

let axiosDir: Promise<string> | undefined;

/** A directory whose node_modules holds {@linkcode AXIOS} (npm, once). */
function axiosInstalled(): Promise<string> {
  axiosDir ??= (async () => {
    const cache = Deno.env.get("XDG_CACHE_HOME") ??
      `${Deno.env.get("HOME") ?? "/tmp"}/.cache`;
    const dir = `${cache}/switchyard-tests/${AXIOS.replace("@", "-")}`;
    try {
      Deno.statSync(`${dir}/node_modules/axios/package.json`);
      return dir;
    } catch { /* not yet */ }
    await Deno.mkdir(dir, { recursive: true });
    const install = await run("npm", {
      args: [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        "--ignore-scripts",
        "--prefix",
        dir,
        AXIOS,
      ],
      timeoutMs: 180_000,
    });
    if (!install.success) {
      throw new Error(`npm install ${AXIOS} failed:\n${install.err}`);
    }
    return dir;
  })();
  return axiosDir;
}

// Go: every program of a batch becomes one function of one package (its
// `func main` renamed), built once; the binary runs program i when given i,
// so a log.Fatal ends that program alone and the build is paid once.
function goRunner(defaults: string[]): Runner {
  return {
    defaults,
    missing() {
      return Promise.resolve(
        findPath("go") === undefined
          ? "go not found on PATH; install: apt-get install -y golang-go"
          : undefined,
      );
    },
    async run(programs) {
      const temp = await Deno.makeTempDir({ prefix: "switchyard-go-" });
      try {
        await Deno.writeTextFile(`${temp}/go.mod`, "module batch\n\ngo 1.19\n");
        const names: string[] = [];
        for (const [i, program] of programs.entries()) {
          const renamed = program.replace(
            /^func main\(\) \{$/m,
            `func main${i}() {`,
          );
          if (renamed === program) {
            throw new Error(`program ${i} has no func main`);
          }
          await Deno.writeTextFile(`${temp}/p${i}.go`, renamed);
          names.push(`main${i}`);
        }
        await Deno.writeTextFile(
          `${temp}/zz_driver.go`,
          `package main\n\nimport (\n\t"os"\n\t"strconv"\n)\n\n` +
            `var programs = []func(){${names.join(", ")}}\n\n` +
            `func main() {\n\ti, _ := strconv.Atoi(os.Args[1])\n\tprograms[i]()\n}\n`,
        );
        const env: Record<string, string> = {
          GOFLAGS: "-mod=mod",
          GOTOOLCHAIN: "local",
        };
        if (
          !Deno.env.get("GOCACHE") && !Deno.env.get("XDG_CACHE_HOME") &&
          !Deno.env.get("HOME")
        ) {
          env.GOCACHE = `${temp}/cache`;
        }
        const build = await run("go", {
          args: ["build", "-o", `${temp}/batch`, "."],
          cwd: temp,
          env,
          timeoutMs: BATCH_TIMEOUT_MS,
        });
        if (!build.success) return build;
        const script = programs.map((_, i) =>
          `echo "=== ${i}"; ./batch ${i}`
        ).join("\n") + "\n";
        return await run("bash", {
          args: ["--norc", "--noprofile", "-c", script],
          cwd: temp,
          timeoutMs: BATCH_TIMEOUT_MS,
        });
      } finally {
        await Deno.remove(temp, { recursive: true });
      }
    },
  };
}

// PHP: one process includes each file in turn, each in its own function
// scope; an exception is printed and the next file still runs.
const PHP_DRIVER = `foreach (array_slice($argv, 1) as $file) {
    echo "=== $file\\n";
    try {
        (function () use ($file) { include $file; })();
    } catch (Throwable $error) {
        fwrite(STDERR, $error . "\\n");
    }
}
`;

let phpCurl: Promise<boolean> | undefined;

function phpRunner(defaults: string[]): Runner {
  return {
    defaults,
    async missing() {
      if (findPath("php") === undefined) {
        return "php not found on PATH; install: apt-get install -y php-cli php-curl";
      }
      phpCurl ??= run("php", {
        args: ["-r", "exit(function_exists('curl_init') ? 0 : 1);"],
        timeoutMs: 30_000,
      }).then((probe) => probe.success, () => false);
      return await phpCurl
        ? undefined
        : "php has no curl extension; install: apt-get install -y php-curl";
    },
    async run(programs) {
      return await withFiles(programs, ".php", (_dir, files) =>
        run("php", {
          args: ["-r", PHP_DRIVER, "--", ...files],
          timeoutMs: BATCH_TIMEOUT_MS,
        }));
    },
  };
}

// Ruby: one process loads each file in turn (each in its own anonymous
// module); an exception is printed and the next file still runs.
const RUBY_DRIVER = `ARGV.each do |file|
  puts "=== #{file}"
  $stdout.flush
  begin
    load(file, true)
  rescue Exception => error
    warn error.full_message
  end
end
`;

function rubyRunner(defaults: string[]): Runner {
  return {
    defaults,
    missing() {
      return Promise.resolve(
        findPath("ruby") === undefined
          ? "ruby not found on PATH; install: apt-get install -y ruby"
          : undefined,
      );
    },
    async run(programs) {
      return await withFiles(programs, ".rb", (_dir, files) =>
        run("ruby", {
          args: ["-e", RUBY_DRIVER, ...files],
          timeoutMs: BATCH_TIMEOUT_MS,
        }));
    },
  };
}

// Java: each program's class Main is renamed P<i> and the whole batch is
// compiled by one javac and run by one JVM, whose driver calls each main in
// turn (an exception is printed and the next program still runs).
const JAVA_DRIVER = `public class Driver {
    public static void main(String[] args) {
        for (int i = 0; i < Integer.parseInt(args[0]); i++) {
            System.out.println("=== " + i);
            try {
                Class.forName("P" + i).getMethod("main", String[].class)
                    .invoke(null, (Object) new String[0]);
            } catch (java.lang.reflect.InvocationTargetException error) {
                error.getCause().printStackTrace();
            } catch (Throwable error) {
                error.printStackTrace();
            }
        }
        System.exit(0);
    }
}
`;

function javaRunner(defaults: string[]): Runner {
  return {
    defaults,
    missing() {
      const absent = ["java", "javac"].filter((name) =>
        findPath(name) === undefined
      );
      return Promise.resolve(
        absent.length > 0
          ? `${
            absent.join(", ")
          } not found on PATH; install: apt-get install -y default-jdk-headless`
          : undefined,
      );
    },
    async run(programs) {
      const temp = await Deno.makeTempDir({ prefix: "switchyard-java-" });
      try {
        const files: string[] = [];
        for (const [i, program] of programs.entries()) {
          const renamed = program.replace(
            /^public class Main \{$/m,
            `public class P${i} {`,
          );
          if (renamed === program) {
            throw new Error(`program ${i} has no public class Main`);
          }
          await Deno.writeTextFile(`${temp}/P${i}.java`, renamed);
          files.push(`P${i}.java`);
        }
        await Deno.writeTextFile(`${temp}/Driver.java`, JAVA_DRIVER);
        const build = await run("javac", {
          // Every lint warning fails the build: the code is held to javac's
          // strictest reading, not only to compiling.
          args: [
            "-Xlint:all",
            "-Werror",
            "-d",
            "classes",
            "Driver.java",
            ...files,
          ],
          cwd: temp,
          timeoutMs: BATCH_TIMEOUT_MS,
        });
        if (!build.success) return build;
        return await run("java", {
          args: ["-cp", "classes", "Driver", String(programs.length)],
          cwd: temp,
          timeoutMs: BATCH_TIMEOUT_MS,
        });
      } finally {
        await Deno.remove(temp, { recursive: true });
      }
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
  "node-http": nodeRunner(["connection"]),
  "node-axios": {
    ...nodeRunner(
      ["user-agent", "accept", "accept-encoding", "connection"],
      axiosInstalled,
    ),
    missing() {
      const absent = ["node", "npm"].filter((name) =>
        findPath(name) === undefined
      );
      return Promise.resolve(
        absent.length > 0
          ? `${
            absent.join(", ")
          } not found on PATH; install: apt-get install -y nodejs npm`
          : undefined,
      );
    },
  },
  "python-httpx": pythonRunner("httpx", "python3-httpx", [
    "user-agent",
    "accept",
    "accept-encoding",
    "connection",
  ]),
  httpie: httpieRunner([
    "user-agent",
    "accept",
    "accept-encoding",
    "connection",
  ]),
  wget: programRunner(
    "wget",
    "wget",
    ["user-agent", "accept", "accept-encoding", "connection"],
    'wget() { command wget --tries=1 --timeout=10 "$@"; }\n',
  ),
  "python-requests": pythonRunner("requests", "python3-requests", [
    "user-agent",
    "accept",
    "accept-encoding",
    "connection",
  ]),
  // Accept-Encoding: gzip, which it also decodes (not on HEAD or a Range).
  "go-net-http": goRunner(["user-agent", "accept-encoding"]),
  // libcurl sends no User-Agent of its own (the curl command does).
  "php-curl": phpRunner(["accept"]),
  "ruby-net-http": rubyRunner(["user-agent", "accept", "accept-encoding"]),
  // Connection, Upgrade and HTTP2-Settings: its h2c upgrade on http://.
  "java-http-client": javaRunner([
    "user-agent",
    "connection",
    "upgrade",
    "http2-settings",
  ]),
};

/**
 * Whether a target's test must be skipped: outside CI when the runtime is
 * missing (printing why and how to install it); never under CI=true.
 */
export async function skipReason(id: string): Promise<string | undefined> {
  const runner = RUNNERS[id];
  if (runner === undefined) return undefined; // the suite fails for it
  // SWITCHYARD_TEST_HIDE=python-requests,… hides a target's runtime, as
  // tests/_programs.ts hides programs, to check the skip path.
  const hide = (Deno.env.get("SWITCHYARD_TEST_HIDE") ?? "").split(",")
    .map((name) => name.trim());
  const missing = hide.includes(id)
    ? `${id} hidden by SWITCHYARD_TEST_HIDE`
    : await runner.missing();
  if (missing === undefined || underCI()) return undefined;
  const line = `skipped the ${id} wire tests: ${missing}`;
  console.log(line);
  const log = Deno.env.get("SWITCHYARD_SKIP_LOG");
  if (log) Deno.writeTextFileSync(log, line + "\n", { append: true });
  return missing;
}

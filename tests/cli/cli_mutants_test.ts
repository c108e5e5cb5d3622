// Behaviour the mutation sample (seed 20261129, area cli) found unguarded in
// the `switchyard` command, checked in-process with a runtime double: each
// test names the planted bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { convertCommand } from "../../src/cli/convert.ts";
import { parseArgs, UsageError } from "../../src/cli/_args.ts";
import {
  FileError,
  resolvePath,
  type Runtime,
} from "../../src/cli/_runtime.ts";
import { summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";

interface Double {
  runtime: Runtime;
  out: string[];
  err: string[];
  read: string[];
}

/** A runtime whose files, stdin and caller directory are given. */
function double(
  options: {
    files?: Record<string, string>;
    stdin?: string;
    cwd?: string;
  } = {},
): Double {
  const out: string[] = [];
  const err: string[] = [];
  const read: string[] = [];
  const encode = (text: string) => new TextEncoder().encode(text);
  const file = (path: string) => {
    read.push(path);
    const text = options.files?.[path];
    if (text === undefined) {
      throw new FileError(path, true, "missing");
    }
    return encode(text);
  };
  const runtime: Runtime = {
    name: "deno",
    version: "0",
    args: [],
    env: () => undefined,
    callerDir: () => options.cwd ?? "/work/here",
    readFile: (path) => Promise.resolve(file(path)),
    readFileSync: file,
    readStdin: () => Promise.resolve(encode(options.stdin ?? "")),
    stdinIsTerminal: () => options.stdin === undefined,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    log: (line) => out.push(line),
    flush: () => {},
    onStop: () => () => {},
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
    ppid: () => 1,
  };
  return { runtime, out, err, read };
}

const CURL = "curl https://e.x/a -H 'x-one: 1'";
const RESPONSE = "HTTP/1.1 201 Created\r\ncontent-type: text/plain\r\n\r\nmade";

describe("switchyard command behaviour the mutation sample found unguarded", () => {
  // Bug: empty and "." segments are kept, so "./in.txt" is read from
  // "/dir/./in.txt" and "a//b" keeps its empty segment.
  it("resolves a relative path without its '.' and empty segments, '..' stopping at the root", () => {
    assert.equal(resolvePath("/w/d", "./in.txt"), "/w/d/in.txt");
    assert.equal(resolvePath("/w/d/", "a//b/./c"), "/w/d/a/b/c");
    assert.equal(resolvePath("/w/d", "../x"), "/w/x");
    assert.equal(resolvePath("/w", "../../.."), "/");
    assert.equal(resolvePath("/w/d", "/abs/f"), "/abs/f");
    assert.equal(resolvePath("C:\\w", ".\\f"), "C:/w/f");
  });

  // Bug: `-` is not read as stdin, or every argument is taken as `-`.
  it("reads stdin for '-' and a file relative to the caller's directory", async () => {
    const piped = double({ stdin: CURL });
    assert.equal(await convertCommand(["-", "--to", "curl"], piped.runtime), 0);
    assert.match(piped.out.join("\n"), /x-one: 1/);
    const file = double({ files: { "/w/d/req.txt": CURL }, cwd: "/w/d" });
    assert.equal(
      await convertCommand(
        ["--file", "./req.txt", "--to", "http"],
        file.runtime,
      ),
      0,
    );
    assert.deepEqual(file.read, ["/w/d/req.txt"]);
    assert.match(file.out.join("\n"), /^GET https:\/\/e\.x\/a HTTP\/1\.1/);
  });

  // Bug: one positional input is refused as "more than one", or the
  // command prints its help without being asked.
  it("converts one positional input and refuses two with status 2", async () => {
    const one = double();
    assert.equal(await convertCommand([CURL, "--to", "http"], one.runtime), 0);
    assert.equal(one.err.length, 0, one.err.join("\n"));
    assert.match(one.out.join("\n"), /^GET https:\/\/e\.x\/a HTTP\/1\.1/);
    assert.doesNotMatch(one.out.join("\n"), /Usage:/);
    const two = double();
    assert.equal(await convertCommand([CURL, CURL], two.runtime), 2);
    assert.match(two.err.join("\n"), /^error: /);
    assert.deepEqual(two.out, []);
  });

  // Bug: --pretty is set by every other argument and not by itself.
  it("indents the HAR only with --pretty", async () => {
    const plain = double();
    assert.equal(await convertCommand([CURL, "--to", "har"], plain.runtime), 0);
    assert.equal(plain.out.join("\n").includes("\n"), false);
    const pretty = double();
    assert.equal(
      await convertCommand([CURL, "--to", "har", "--pretty"], pretty.runtime),
      0,
    );
    assert.match(pretty.out.join("\n"), /^\{\n {2}"log": \{/);
  });

  // Bug: a response converted to raw HTTP prints "undefined", and a
  // message converted is dropped from the output.
  it("writes a response back as raw HTTP, and every message of the input", async () => {
    const response = double();
    assert.equal(
      await convertCommand([RESPONSE, "--to", "http"], response.runtime),
      0,
    );
    const text = response.out.join("\n");
    assert.match(text, /^HTTP\/1\.1 201 Created\r\n/);
    assert.match(text, /\r\n\r\nmade$/);
    const both = double();
    const log = JSON.stringify({
      log: {
        entries: [
          { request: { method: "GET", url: "https://e.x/a" } },
          { request: { method: "DELETE", url: "https://e.x/b" } },
        ],
      },
    });
    assert.equal(await convertCommand([log, "--to", "curl"], both.runtime), 0);
    const out = both.out.join("\n");
    assert.match(out, /e\.x\/a/);
    assert.match(out, /-X 'DELETE'/);
  });

  // Bug: the path of an error is left out (or printed for one without a
  // path), so the user cannot tell which HAR field is wrong.
  it("reports a HAR error with its code and path on one line, status 1", async () => {
    const pathed = double();
    const har = JSON.stringify({
      log: { entries: [{ request: { method: "GET" } }] },
    });
    assert.equal(
      await convertCommand([har, "--to", "curl"], pathed.runtime),
      1,
    );
    assert.equal(pathed.err.length, 1);
    assert.match(
      pathed.err[0],
      /^error \[INVALID_HAR\] at log\.entries\[0\]\.request\.url: /,
    );
    const unknown = double();
    assert.equal(
      await convertCommand(["hello there", "--to", "curl"], unknown.runtime),
      1,
    );
    assert.match(unknown.err[0], /^error \[INVALID_INPUT\] at offset 0: /);
    assert.doesNotMatch(unknown.err[0], / at undefined| at :/);
  });

  // Bug fixed: a HAR text after a no-break space (copied from a web page)
  // is detected as HAR and then refused as "not valid JSON".
  it("reads a HAR whose text starts with a no-break space", async () => {
    const spaced = double();
    const har = "\u00a0" + JSON.stringify({
      log: { entries: [{ request: { method: "GET", url: "https://e.x/nb" } }] },
    });
    assert.equal(
      await convertCommand([har, "--to", "curl"], spaced.runtime),
      0,
    );
    assert.match(spaced.out.join("\n"), /e\.x\/nb/);
  });

  // Bug: the summary calls a config's backends "environment" ones, takes
  // a real provider for a local test backend, or drops the line that says
  // the gateway runs on local test backends.
  it("summarises where the backends came from and which are local test backends", async () => {
    const local = await planGateway(() => undefined, () => "");
    const localLines = summaryLines(local, undefined, undefined);
    assert.ok(
      localLines.some((line) =>
        /runs on deterministic local test backends/.test(line)
      ),
      localLines.join("\n"),
    );
    assert.ok(
      localLines.some((line) => /echo \(in-process test backend\)/.test(line)),
    );
    const config = JSON.stringify({
      backends: [{ name: "main", provider: "openai", apiKey: "$MAIN_KEY" }],
    });
    const configured = await planGateway(
      (name) =>
        name === "SWITCHYARD_CONFIG"
          ? "/etc/gw.json"
          : name === "MAIN_KEY"
          ? "sk-test-1"
          : undefined,
      () => config,
    );
    const lines = summaryLines(configured, "/etc/gw.json", undefined);
    assert.ok(
      lines.some((line) =>
        line.includes("backends from the config file: main (openai)")
      ),
      lines.join("\n"),
    );
    const main = lines.find((line) => line.includes("  main: "));
    // The provider's own URL and default model when the config names none
    // (fresh draw, seed 20261130: the adapter's default model dropped).
    assert.match(
      main ?? "",
      /main: openai at https:\/\/\S+; default model [\w.-]+$/,
    );
    assert.doesNotMatch(lines.join("\n"), /sk-test-1|deterministic local/);
  });
  // Bug: on Node the runtime is built and then dropped, so the command
  // ends with "switchyard runs on Deno or Node 20+". Node is simulated: a
  // fresh copy of the module is loaded while `Deno` is hidden.
  it("gives the Node runtime where there is no Deno", async () => {
    // deno-lint-ignore no-explicit-any
    const scope = globalThis as any;
    // Deno's `process` loads lazily and reads Deno: touch it first.
    assert.equal(typeof scope.process.versions.node, "string");
    const saved = scope.Deno;
    let loaded: typeof import("../../src/cli/_runtime.ts");
    delete scope.Deno;
    try {
      loaded = await import(`../../src/cli/_runtime.ts?as-node=${Date.now()}`);
    } finally {
      scope.Deno = saved;
    }
    const runtime = await loaded.currentRuntime();
    assert.equal(runtime.name, "node");
    assert.match(runtime.version, /^\d+\.\d+\.\d+/);
  });
  // Bug (fresh draw, seed 20261130): `--` itself is kept as a positional
  // argument, so `gateway -- x` sees "--" as input.
  it("takes everything after -- as positional, -- itself not, and '-' as positional", () => {
    const spec = {
      config: { value: true, short: "-c" },
      quiet: { value: false, short: "-q" },
    };
    assert.deepEqual(parseArgs(["-q", "--", "-c", "x"], spec), {
      options: { quiet: true },
      positional: ["-c", "x"],
    });
    assert.deepEqual(parseArgs(["-", "--config=a=b", "-c", "d"], spec), {
      options: { config: "d" },
      positional: ["-"],
    });
    assert.deepEqual(parseArgs(["--config=a=b"], spec).options, {
      config: "a=b",
    });
    assert.throws(() => parseArgs(["--quiet=1"], spec), UsageError);
    assert.throws(() => parseArgs(["-c"], spec), /--config needs a value/);
    assert.throws(() => parseArgs(["--toString"], spec), /unknown option/);
  });
  // Bug (fresh draw, seed 20261130): piped stdin of only white space is
  // taken as the input instead of falling back to the built-in sample.
  it("converts the built-in sample when piped stdin holds only white space", async () => {
    const blank = double({ stdin: " \n\t\n" });
    assert.equal(await convertCommand(["--to", "curl"], blank.runtime), 0);
    assert.match(blank.out.join("\n"), /api\.example\.com\/users\?page=2/);
    assert.deepEqual(blank.err, []);
  });
});

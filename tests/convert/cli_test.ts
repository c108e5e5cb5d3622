// The command-line converter, run as a subprocess (Deno-only).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { toRequest as harToRequest } from "../../src/convert/har.ts";
import { toRequest as curlToRequest } from "../../src/convert/curl.ts";
import { parseRequest } from "../../src/convert/string.ts";
import { run as runBounded } from "../_bounded.ts";

const SCRIPT = new URL("../../examples/convert.ts", import.meta.url).pathname;
const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** How to start the converter: the script itself, or `deno task convert`. */
interface Launch {
  /** Run `deno task --config <repo>/deno.json convert …` (as users do). */
  task?: boolean;
  /** Working directory of the command. */
  cwd?: string;
}

async function run(
  args: string[],
  stdin?: string | Uint8Array,
  launch: Launch = {},
): Promise<Run> {
  const command = launch.task
    ? ["task", "--quiet", "--config", CONFIG, "convert", ...args]
    : ["run", "--allow-read", "--no-lock", SCRIPT, ...args];
  // `deno task` keeps an INIT_CWD it inherits (as npm does): under
  // `deno task ci` that is the repository root, not the directory the user
  // ran the command in, so the child starts without it, as from a shell.
  const env = Deno.env.toObject();
  delete env.INIT_CWD;
  const output = await runBounded(Deno.execPath(), {
    args: command,
    cwd: launch.cwd,
    stdin,
    env,
    clearEnv: true,
  });
  return { code: output.code, stdout: output.out, stderr: output.err };
}

const CURL =
  "curl -X PUT 'https://example.com/it'\\''s' -H 'Accept: text/plain' -d 'a=1'";
const RAW =
  "POST /submit?x=1 HTTP/1.1\r\nHost: example.com\r\nContent-Type: text/plain\r\n\r\nhello";

describe("examples/convert.ts", () => {
  it("prints a built-in sample in every form when there is no input", async () => {
    const { code, stdout, stderr } = await run([]);
    assert.equal(code, 0, stderr);
    for (const heading of ["# Raw HTTP", "# curl", "# fetch", "# HAR"]) {
      assert.ok(stdout.includes(heading), heading);
    }
  });

  it("converts a curl argument to raw HTTP", async () => {
    const { code, stdout } = await run(["--to", "http", CURL]);
    assert.equal(code, 0);
    const request = parseRequest(stdout.replace(/\n$/, ""));
    assert.equal(request.method, "PUT");
    assert.equal(request.url, "https://example.com/it's");
    assert.equal(request.headers.accept, "text/plain");
    assert.equal(request.body, "a=1");
  });

  it("converts raw HTTP from a file to a HAR log (--pretty indents)", async () => {
    const file = await Deno.makeTempFile({ suffix: ".http" });
    try {
      await Deno.writeTextFile(file, RAW);
      const { code, stdout } = await run([
        "--to=har",
        "--pretty",
        "--file",
        file,
      ]);
      assert.equal(code, 0);
      assert.ok(stdout.startsWith('{\n  "log"'));
      const log = JSON.parse(stdout);
      const request = harToRequest(log.log.entries[0]);
      assert.equal(request.url, "http://example.com/submit?x=1");
      assert.equal(request.body, "hello");
    } finally {
      await Deno.remove(file);
    }
  });

  it("reads HAR from stdin with '-' and converts every entry to curl", async () => {
    const har = JSON.stringify({
      log: {
        entries: [
          { request: { method: "GET", url: "https://e.x/a", headers: [] } },
          { request: { method: "DELETE", url: "https://e.x/b", headers: [] } },
        ],
      },
    });
    const { code, stdout } = await run(["--to", "curl", "-"], har);
    assert.equal(code, 0);
    const commands = stdout.trim().split("\n\n");
    assert.deepEqual(commands.map((c) => curlToRequest(c).url), [
      "https://e.x/a",
      "https://e.x/b",
    ]);
    assert.equal(curlToRequest(commands[1]).method, "DELETE");
  });

  it("reads piped stdin without '-'; --pretty makes multi-line curl", async () => {
    const { code, stdout } = await run(["--to", "curl", "--pretty"], CURL);
    assert.equal(code, 0);
    assert.ok(stdout.includes(" \\\n"));
    assert.equal(curlToRequest(stdout).method, "PUT");
  });

  it("writes fetch code", async () => {
    const { code, stdout } = await run(["--to", "fetch", CURL]);
    assert.equal(code, 0);
    assert.ok(stdout.startsWith('fetch("https://example.com/it\'s"'));
  });

  it("converts a raw response to http and har; refuses curl for it", async () => {
    const response =
      "HTTP/1.1 404 Not Found\r\nSet-Cookie: a=1; Path=/\r\n\r\nnope";
    const all = await run([], response);
    assert.equal(all.code, 0);
    assert.ok(all.stdout.includes('"status":404'));
    assert.ok(all.stdout.includes('"path":"/"'));
    const refused = await run(["--to", "curl"], response);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /error \[INVALID_INPUT\]/);
  });

  it("prints help", async () => {
    const { code, stdout } = await run(["--help"]);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: switchyard convert/);
  });

  it("conversion errors: stderr, exit 1, code and offset or path", async () => {
    const quote = await run(["curl 'https://example.com"]);
    assert.equal(quote.code, 1);
    assert.equal(quote.stdout, "");
    assert.match(quote.stderr, /error \[UNTERMINATED_QUOTE\] at offset 5/);
    const badHar = await run(
      ["-"],
      '{"log":{"entries":[{"request":{"method":"GET","url":7}}]}}',
    );
    assert.equal(badHar.code, 1);
    assert.match(
      badHar.stderr,
      /error \[INVALID_HAR\] at log\.entries\[0\]\.request\.url: expected a string/,
    );
    const unknown = await run(["hello there"]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /error \[INVALID_INPUT\]/);
    const missing = await run(["--file", "/nonexistent/file.txt"]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no such file/);
  });

  it("an unreadable --file (a directory) is one error line, no stack trace", async () => {
    // Regression: Deno's IsADirectory error escaped as an uncaught rejection.
    const directory = await run(["--file", Deno.cwd()]);
    assert.equal(directory.code, 1);
    assert.match(directory.stderr, /^error: cannot read /);
    assert.equal(directory.stderr.trim().split("\n").length, 1);
    assert.doesNotMatch(directory.stderr, /\bat /);
  });

  it("input that is not UTF-8 is INVALID_INPUT (exit 1), from stdin and --file alike", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(
        "POST / HTTP/1.1\r\nHost: a\r\nX: \ufffd\r\n\r\n",
      ),
      0xff,
      0xfe,
    ]);
    const file = await Deno.makeTempFile({ suffix: ".http" });
    try {
      await Deno.writeFile(file, bytes);
      for (const args of [["--file", file], ["-"], []]) {
        const { code, stdout, stderr } = await run(
          ["--to", "http", ...args],
          args.length === 2 ? undefined : bytes,
        );
        assert.equal(code, 1, args.join(" "));
        assert.equal(stdout, "");
        // The byte after the headers; the genuine U+FFFD before it is fine.
        assert.match(
          stderr,
          /^error \[INVALID_INPUT\]: .* is not valid UTF-8: no UTF-8 character at byte 36 /,
        );
      }
    } finally {
      await Deno.remove(file);
    }
  });

  it("drops a UTF-8 byte order mark from --file as from stdin", async () => {
    const har = new TextEncoder().encode(
      '\ufeff{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/"}}]}}',
    );
    const file = await Deno.makeTempFile({ suffix: ".har" });
    try {
      await Deno.writeFile(file, har);
      const fromFile = await run(["--to", "curl", "--file", file]);
      const fromStdin = await run(["--to", "curl", "-"], har);
      assert.equal(fromFile.code, 0, fromFile.stderr);
      assert.equal(fromFile.stdout, "curl 'https://a.example/'\n");
      assert.deepEqual(fromFile, fromStdin);
    } finally {
      await Deno.remove(file);
    }
  });

  it("reads fetch() code with the library's parser, as the playground does", async () => {
    const code = 'fetch("https://a.example/x", { method: "DELETE" })';
    const { code: status, stdout, stderr } = await run(["--to", "curl", code]);
    assert.equal(status, 0, stderr);
    assert.deepEqual(curlToRequest(stdout), {
      method: "DELETE",
      url: "https://a.example/x",
      headers: {},
    });
    const piped = await run(
      ["--to", "http"],
      `await fetch('https://a.example/y', {
  method: "POST", // a comment
  headers: { "content-type": "text/plain" },
  body: JSON.stringify({ a: 1 }),
});`,
    );
    assert.equal(piped.code, 0, piped.stderr);
    const request = parseRequest(piped.stdout.replace(/\n$/, ""));
    assert.equal(request.method, "POST");
    assert.equal(request.body, '{"a":1}');
    const refused = await run(["fetch(`${base}/x`)"]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error \[INVALID_INPUT\] at offset 7: /);
  });

  it("a relative --file is read from the directory the command ran in", async () => {
    const root = await Deno.makeTempDir();
    try {
      await Deno.mkdir(`${root}/sub`);
      await Deno.writeTextFile(`${root}/sub/req.http`, RAW);
      // `deno task` runs the script from the repository root; the file is
      // still found next to the user.
      const task = await run(
        ["--to", "curl", "--file", "req.http"],
        undefined,
        {
          task: true,
          cwd: `${root}/sub`,
        },
      );
      assert.equal(task.code, 0, task.stderr);
      assert.equal(
        curlToRequest(task.stdout).url,
        "http://example.com/submit?x=1",
      );
      const direct = await run(
        ["--to", "curl", "-f", "sub/req.http"],
        undefined,
        {
          cwd: root,
        },
      );
      assert.deepEqual(direct, task);
      const missing = await run(["--file", "nope.http"], undefined, {
        task: true,
        cwd: `${root}/sub`,
      });
      assert.equal(missing.code, 1);
      assert.equal(
        missing.stderr,
        `error: no such file: ${root}/sub/nope.http\n`,
      );
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  });

  it("--origin-form writes the path in the request line and the host header", async () => {
    const http = await run(["--to", "http", "--origin-form", CURL]);
    assert.equal(http.code, 0, http.stderr);
    const lines = http.stdout.split("\r\n");
    assert.equal(lines[0], "PUT /it's HTTP/1.1");
    assert.ok(lines.includes("host: example.com"), http.stdout);
    const request = parseRequest(http.stdout.replace(/\n$/, ""), {
      scheme: "https",
    });
    assert.equal(request.url, "https://example.com/it's");
    const all = await run(["--origin-form", CURL]);
    assert.ok(all.stdout.includes("# Raw HTTP\nPUT /it's HTTP/1.1\n"));
    const absolute = await run(["--to", "http", CURL]);
    assert.ok(
      absolute.stdout.startsWith("PUT https://example.com/it's HTTP/1.1"),
    );
  });

  it("prints each parser warning on stderr, one line; --quiet drops them", async () => {
    const command = "curl -sL -d @payload.json https://example.com/upload";
    const loud = await run(["--to", "curl", command]);
    assert.equal(loud.code, 0);
    assert.deepEqual(loud.stderr.split("\n"), [
      "warning [IGNORED_OPTION] at offset 5: -s does not change the request",
      "warning [IGNORED_OPTION] at offset 5: -L does not change the request, but curl follows redirects with it: a command written back from the request (curl.fromRequest) does not",
      'warning [FILE_REFERENCE] at offset 9: -d "@payload.json" reads a file, which is never read; the reference is kept as text',
      "",
    ]);
    // The conversion itself is unchanged: stdout holds only the command.
    assert.equal(curlToRequest(loud.stdout).body, "@payload.json");
    for (const flag of ["--quiet", "-q"]) {
      const quiet = await run(["--to", "curl", flag, command]);
      assert.equal(quiet.code, 0);
      assert.equal(quiet.stderr, "");
      assert.equal(quiet.stdout, loud.stdout);
    }
  });

  it("control characters from the input are escaped on stderr", async () => {
    const { code, stderr } = await run([
      "--to",
      "curl",
      "curl --bogus\u001b[2J\u0085x https://example.com/",
    ]);
    assert.equal(code, 0);
    assert.ok(
      // deno-lint-ignore no-control-regex
      !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(stderr),
      stderr,
    );
    assert.match(
      stderr,
      /^warning \[UNKNOWN_OPTION\] at offset 5: .*--bogus\\u001b\[2J\\u0085x/,
    );
    assert.equal(stderr.split("\n").length, 2);
  });

  it("--help names fetch input, --origin-form and --quiet", async () => {
    const { stdout } = await run(["--help"]);
    for (
      const word of [
        "fetch() code",
        "--origin-form",
        "--quiet",
        "warning [CODE]",
      ]
    ) {
      assert.ok(stdout.includes(word), word);
    }
  });

  it("usage errors exit 2", async () => {
    for (const args of [["--to", "xml"], ["--bogus"], ["--to"], ["a", "b"]]) {
      const { code, stderr } = await run(args);
      assert.equal(code, 2, args.join(" "));
      assert.match(stderr, /^error: /);
    }
  });

  it("--to takes a code target id, or python / node as short names", async () => {
    const command =
      `curl -X PUT 'https://a.test/x' -H 'X-Q: it'\\''s' -d 'a"b'`;
    const python = await run(["--to", "python", command]);
    assert.equal(python.code, 0, python.stderr);
    assert.ok(
      python.stdout.includes("requests.put(url, headers=headers, data=data)"),
      python.stdout,
    );
    assert.equal(
      python.stdout,
      (await run(["--to=python-requests", command])).stdout,
    );
    const wget = await run(["--to", "wget", "--pretty", command]);
    assert.equal(wget.code, 0, wget.stderr);
    assert.match(
      wget.stdout,
      /^wget --quiet \\\n {2}--output-document=- \\\n {2}--method='PUT'/,
    );
    const node = await run(["--to", "node", command]);
    assert.ok(
      node.stdout.startsWith('import https from "node:https";'),
      node.stdout,
    );
  });

  it("--to go and --to php are short for go-net-http and php-curl", async () => {
    const command =
      `curl -X PUT 'https://a.test/x' -H 'X-Q: it'\\''s' -d 'a"b'`;
    const go = await run(["--to", "go", command]);
    assert.equal(go.code, 0, go.stderr);
    assert.ok(
      go.stdout.includes('http.NewRequest("PUT", "https://a.test/x", body)'),
      go.stdout,
    );
    assert.equal(go.stdout, (await run(["--to=go-net-http", command])).stdout);
    const php = await run(["--to", "php", command]);
    assert.equal(php.code, 0, php.stderr);
    assert.ok(php.stdout.includes("'x-q: it\\'s',"), php.stdout);
    assert.equal(php.stdout, (await run(["--to=php-curl", command])).stdout);
  });

  it("--to ruby and --to java are short for ruby-net-http and java-http-client", async () => {
    const command =
      `curl -X PUT 'https://a.test/x' -H 'X-Q: it'\\''s #{x}' -d 'a"b'`;
    const ruby = await run(["--to", "ruby", command]);
    assert.equal(ruby.code, 0, ruby.stderr);
    assert.ok(
      ruby.stdout.includes('request["x-q"] = "it\'s \\#{x}"'),
      ruby.stdout,
    );
    assert.equal(
      ruby.stdout,
      (await run(["--to=ruby-net-http", command])).stdout,
    );
    const java = await run(["--to", "java", command]);
    assert.equal(java.code, 0, java.stderr);
    assert.ok(
      java.stdout.includes(
        '.PUT(HttpRequest.BodyPublishers.ofString("a\\"b"))',
      ),
      java.stdout,
    );
    assert.equal(
      java.stdout,
      (await run(["--to=java-http-client", command])).stdout,
    );
  });

  it("--to a target: a refusal exits 1 with its code, a warning goes to stderr", async () => {
    const refused = await run([
      "--to",
      "python-requests",
      "curl -X patch https://a.test/",
    ]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /^error \[UNSUPPORTED_BY_TARGET\]: Python requests: /,
    );
    assert.equal(refused.stdout, "");
    const warned = await run([
      "--to",
      "httpie",
      "curl --http2 https://a.test/",
    ]);
    assert.equal(warned.code, 0, warned.stderr);
    assert.match(warned.stderr, /^warning \[HTTP_VERSION_IGNORED\]: /m);
    assert.equal(
      (await run(["--to", "httpie", "-q", "curl --http2 https://a.test/"]))
        .stderr,
      "",
    );
  });
});

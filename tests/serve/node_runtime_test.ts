// `serve` on Node itself (Node 20 on PATH; skipped outside CI when it is
// missing): the module bundled as the npm package ships it and run by node,
// driven from here over raw sockets. Deno's node:http cannot stand in for
// these: it does not enforce `headersTimeout`, and `serve` must pick the
// node:http listener on Node. Beside them, the node:http options checked
// against the documented timeout tolerance (no clock needed).
import assert from "node:assert/strict";
import { nodeServerOptions } from "../../src/serve/_node_server.ts";
import { resolveServeOptions } from "../../src/serve/mod.ts";
import { run, stopChild, withTimeout } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import { rawClient } from "./_raw_client.ts";

const FIXTURE = new URL("./fixtures/node_serve.ts", import.meta.url);
/** The portable listener tests, which the npm build runs under Node. */
const PORTABLE = new URL("./serve_app_test.ts", import.meta.url);
const ignore = needs("serve on Node", "node").ignore;
const START_MS = 20_000;

/** Bundles `entry` (the fixture unless given) for Node into `dir`. */
async function bundle(dir: string, entry: URL = FIXTURE): Promise<string> {
  const out = `${dir}/${
    entry.pathname.slice(entry.pathname.lastIndexOf("/") + 1, -3)
  }.mjs`;
  const bundled = await run(Deno.execPath(), {
    args: [
      "bundle",
      "--no-lock",
      "--platform",
      "browser",
      "-o",
      out,
      entry.pathname,
    ],
    cwd: dir,
  });
  assert.equal(bundled.code, 0, bundled.err);
  return out;
}

/** Runs the bundled fixture under node; `use` gets its port. */
async function withNodeServe(
  script: string,
  vars: Record<string, string>,
  use: (port: number) => Promise<void>,
): Promise<void> {
  const child = new Deno.Command(programPath("node"), {
    args: [script],
    env: vars,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const errText = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let out = "";
    while (!out.includes("\n")) {
      const { done, value } = await withTimeout(
        reader.read(),
        START_MS,
        "the node server's port",
      );
      if (done) {
        const err = await withTimeout(errText.read(), START_MS, "stderr");
        throw new Error(`node exited before listening: ${err.value ?? ""}`);
      }
      out += value;
    }
    await use(Number(out.trim()));
  } finally {
    await child.stdin.close().catch(() => {});
    await stopChild(child);
    await reader.cancel().catch(() => {});
    await errText.cancel().catch(() => {});
  }
}

// The same scenarios as on Deno (408, 413 declared and chunked, 503 past the
// cap, keep-alive, serveGateway's bound), run by node:test against the
// node:http listener: a Deno run of the suite reaches that listener too.
Deno.test({
  name: "serve on Node: the portable listener tests pass under node --test",
  ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir, PORTABLE);
      const result = await run(programPath("node"), {
        args: ["--test", "--test-reporter=tap", script],
        cwd: dir,
      });
      assert.equal(result.code, 0, result.out.slice(-4000) + result.err);
      assert.match(result.out, /^# pass [1-9]/m);
      assert.match(result.out, /^# fail 0$/m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "serve on Node: a chunked upload past the bound is a 413, and the same connection serves the next request",
  ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir);
      await withNodeServe(script, {}, async (port) => {
        const client = await rawClient(port);
        try {
          // 2 KiB in 512-byte chunks against a 1 KiB bound: the 413 comes
          // while the client is still sending.
          await client.write(
            "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
          );
          const piece = `200\r\n${"x".repeat(512)}\r\n`;
          for (let i = 0; i < 3; i++) await client.write(piece);
          const refused = await client.response();
          assert.match(refused, /^HTTP\/1\.1 413 /);
          // The rest of the body, then a second request on the connection.
          await client.write(piece + "0\r\n\r\n");
          await client.write(
            "POST /after HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
          );
          const next = await client.response();
          assert.match(next, /^HTTP\/1\.1 200 /);
          assert.match(next, /POST read 5$/);
        } finally {
          await client.destroy();
        }
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "serve on Node: a head that never ends gets a 408 and the connection is closed",
  ignore,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const script = await bundle(dir);
      await withNodeServe(
        script,
        { HEADERS_TIMEOUT_MS: "300" },
        async (port) => {
          const client = await rawClient(port);
          try {
            await client.write("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
            const answer = await client.response();
            assert.match(answer, /^HTTP\/1\.1 408 /);
            await client.closedByServer();
          } finally {
            await client.destroy();
          }
        },
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// Node checks its headers and request timeouts only every
// connectionsCheckingInterval: that interval is how late they can be met.
Deno.test("serve on Node: the timeouts are checked often enough to be met at most 5% or 250 ms late", () => {
  const cases = [
    {},
    { headersTimeoutMs: 2_000 },
    { headersTimeoutMs: 10_000, bodyTimeoutMs: 1_000 },
    { idleTimeoutMs: 400 },
    { headersTimeoutMs: 300, bodyTimeoutMs: 300, idleTimeoutMs: 300 },
    { headersTimeoutMs: 40 },
  ];
  for (const given of cases) {
    const limits = resolveServeOptions(given);
    const options = nodeServerOptions(limits);
    assert.equal(options.headersTimeout, limits.headersTimeoutMs);
    assert.equal(
      options.requestTimeout,
      limits.headersTimeoutMs + limits.bodyTimeoutMs,
    );
    assert.equal(options.keepAliveTimeout, limits.idleTimeoutMs);
    assert.equal(options.maxHeaderSize, limits.maxHeaderBytes);
    const every = options.connectionsCheckingInterval;
    assert.ok(every >= 5, "not a busy loop");
    for (const timeout of [options.headersTimeout, options.requestTimeout]) {
      const tolerance = Math.max(5, Math.min(250, timeout * 0.05));
      assert.ok(
        every <= tolerance,
        `${
          JSON.stringify(given)
        }: checked every ${every} ms, a ${timeout} ms timeout allows ${tolerance}`,
      );
    }
  }
});

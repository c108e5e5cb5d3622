// The packed `switchyard` bin under Node, as an npm user runs it: --help,
// --version, and `gateway` with a config file in the user's own directory,
// in front of a loopback OpenAI-compatible upstream, stopped by SIGTERM while
// a stream is in flight. scripts/build_npm.ts runs it against the built
// package; under Deno it is skipped (tests/cli/gateway_command_test.ts runs
// the same command on Deno).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";

const inNode = !("Deno" in globalThis);
const BOUND_MS = 20_000;
/** The installed package, where scripts/build_npm.ts unpacks it. */
const PACKAGE = new URL(
  "../../node_modules/@switchyard/switchyard/",
  import.meta.url,
);

// deno-lint-ignore no-explicit-any
type Any = any;

/** A child's output so far, and its exit. */
interface Child {
  proc: Any;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
  line(pattern: RegExp): Promise<RegExpExecArray>;
}

async function spawnBin(
  args: string[],
  cwd: string,
  vars: Record<string, string> = {},
): Promise<Child> {
  const { spawn } = await import("node:child_process");
  const { readFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const manifest = JSON.parse(
    readFileSync(new URL("package.json", PACKAGE), "utf8"),
  );
  const bin = fileURLToPath(new URL(manifest.bin.switchyard, PACKAGE));
  // The caller's environment (CA variables, proxies) less the command's own
  // settings, plus the test's.
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      value !== undefined &&
      !/^(PORT|HOST|INIT_CWD|SWITCHYARD_\w+|REDIS_URL|(OPENAI|ANTHROPIC|GEMINI|OLLAMA)_\w+)$/
        .test(name)
    ) env[name] = value;
  }
  const proc = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...env, ...vars },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  proc.stdout.on("data", (chunk: Any) => {
    out += chunk;
    waiters.forEach((wake) => wake());
  });
  proc.stderr.on("data", (chunk: Any) => (err += chunk));
  const exited = new Promise<number | null>((resolve) =>
    proc.on("exit", (code: number | null) => {
      resolve(code);
      waiters.forEach((wake) => wake());
    })
  );
  let done = false;
  exited.then(() => (done = true));
  return {
    proc,
    out: () => out,
    err: () => err,
    exited,
    line(pattern) {
      return withTimeout(
        new Promise<RegExpExecArray>((resolve, reject) => {
          const check = () => {
            const match = pattern.exec(out);
            if (match) {
              waiters.delete(check);
              resolve(match);
            } else if (done) {
              waiters.delete(check);
              reject(new Error(`exited without ${pattern}: ${out} ${err}`));
            }
          };
          waiters.add(check);
          check();
        }),
        BOUND_MS,
        `no line ${pattern}`,
      );
    },
  };
}

/** An OpenAI-compatible upstream whose stream waits for `release()`. */
async function upstream() {
  const http: Any = await import("node:http");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const chunk = (content: string | null) =>
    `data: ${
      JSON.stringify({
        id: "c",
        object: "chat.completion.chunk",
        created: 0,
        model: "m",
        choices: [{
          index: 0,
          delta: content === null ? {} : { content },
          finish_reason: content === null ? "stop" : null,
        }],
      })
    }\n\n`;
  const server = http.createServer(async (req: Any, res: Any) => {
    let body = "";
    for await (const part of req) body += part;
    const request = JSON.parse(body);
    if (!request.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({
        id: "c",
        object: "chat.completion",
        created: 0,
        model: request.model,
        choices: [{
          index: 0,
          message: { role: "assistant", content: `hi from ${request.model}` },
          finish_reason: "stop",
        }],
      }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(chunk("first"));
    await released;
    res.write(chunk(" last"));
    res.write(chunk(null));
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

describe("the switchyard bin on Node", () => {
  it("--help and --version", { skip: !inNode && "runs on Node" }, async () => {
    const { tmpdir } = await import("node:os");
    const help = await spawnBin(["--help"], tmpdir());
    assert.equal(await withTimeout(help.exited, BOUND_MS, "--help"), 0);
    assert.match(help.out(), /^Usage: switchyard <command>/);
    const version = await spawnBin(["--version"], tmpdir());
    assert.equal(await withTimeout(version.exited, BOUND_MS, "--version"), 0);
    assert.match(version.out(), /^switchyard \d+\.\d+\.\d+\n$/);
    const gatewayHelp = await spawnBin(["gateway", "--help"], tmpdir());
    assert.equal(await withTimeout(gatewayHelp.exited, BOUND_MS, "help"), 0);
    assert.match(gatewayHelp.out(), /--config/);
  });

  it("convert: an argument, and a --file read from the user's directory", {
    skip: !inNode && "runs on Node",
  }, async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "switchyard-convert-"));
    try {
      const inline = await spawnBin(
        ["convert", "--to", "http", "curl https://a.example/x -d v=1"],
        dir,
      );
      assert.equal(await withTimeout(inline.exited, BOUND_MS, "convert"), 0);
      assert.match(
        inline.out(),
        /^POST https:\/\/a\.example\/x HTTP\/1\.1\r?$/m,
      );
      writeFileSync(
        join(dir, "req.http"),
        "GET /y HTTP/1.1\r\nHost: b.example\r\n\r\n",
      );
      const file = await spawnBin([
        "convert",
        "--to",
        "curl",
        "--file",
        "req.http",
      ], dir);
      assert.equal(
        await withTimeout(file.exited, BOUND_MS, "convert --file"),
        0,
        file.err(),
      );
      assert.match(file.out(), /curl .*b\.example\/y/);
      const missing = await spawnBin(["convert", "--file", "nope.http"], dir);
      assert.equal(await withTimeout(missing.exited, BOUND_MS, "missing"), 1);
      assert.match(missing.err(), /no such file: .*nope\.http/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    "gateway: a config in the user's directory, a request through, SIGTERM drains a stream and exits 0",
    {
      skip: !inNode && "runs on Node",
    },
    async () => {
      const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
      const { tmpdir } = await import("node:os");
      const { join } = await import("node:path");
      const up = await upstream();
      const dir = mkdtempSync(join(tmpdir(), "switchyard-bin-"));
      let child: Child | undefined;
      try {
        writeFileSync(
          join(dir, "gw.json"),
          `{
          // comments and trailing commas are fine
          "backends": [{ "name": "up", "provider": "vllm", "baseURL": "${up.origin}/v1", "models": ["m-1"], }],
        }`,
        );
        child = await spawnBin(["gateway", "--config", "gw.json"], dir, {
          PORT: "0",
        });
        const [, origin] = await child.line(
          /^switchyard: listening on (http:\/\/\S+?)\/ /m,
        );
        assert.match(child.out(), /^switchyard: config file: .*gw\.json$/m);
        assert.match(
          child.out(),
          /^switchyard: {3}up: vllm at .*; default model m-1; models m-1$/m,
        );
        const ask = (stream: boolean) =>
          fetch(`${origin}/v1/chat/completions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "m-1",
              stream,
              messages: [{ role: "user", content: "hi" }],
            }),
            signal: AbortSignal.timeout(BOUND_MS),
          });
        const plain = await ask(false);
        assert.equal(plain.status, 200);
        assert.equal(
          (await plain.json()).choices[0].message.content,
          "hi from m-1",
        );
        const health = await fetch(`${origin}/healthz`, {
          signal: AbortSignal.timeout(BOUND_MS),
        });
        assert.equal(health.status, 200);
        await health.body?.cancel();

        const streamed = await ask(true);
        assert.equal(streamed.status, 200);
        const reader = streamed.body!.pipeThrough(new TextDecoderStream())
          .getReader();
        let text = "";
        while (!text.includes("first")) {
          const { value, done } = await withTimeout(
            reader.read(),
            BOUND_MS,
            "first chunk",
          );
          if (done) break;
          text += value;
        }
        child.proc.kill("SIGTERM");
        await child.line(/^switchyard: SIGTERM: draining/m);
        up.release();
        for (;;) {
          const { value, done } = await withTimeout(
            reader.read(),
            BOUND_MS,
            "rest",
          );
          if (done) break;
          text += value;
        }
        assert.match(text, /" last"/);
        assert.match(text, /data: \[DONE\]/);
        assert.equal(
          await withTimeout(child.exited, BOUND_MS, "exit"),
          0,
          child.err(),
        );
      } finally {
        up.release();
        if (child && child.proc.exitCode === null) child.proc.kill("SIGKILL");
        await up.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    "gateway on node:http: the config's server limits hold (connection cap 503, head timeout 408)",
    {
      skip: !inNode && "runs on Node",
    },
    async () => {
      const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
      const { tmpdir } = await import("node:os");
      const { join } = await import("node:path");
      const net: Any = await import("node:net");
      const dir = mkdtempSync(join(tmpdir(), "switchyard-limits-"));
      let child: Child | undefined;
      const sockets: Any[] = [];
      /** A raw connection and everything it received, until it closes. */
      const connect = (port: number) =>
        new Promise<{ socket: Any; received: Promise<string> }>(
          (resolve, reject) => {
            const socket = net.connect(port, "127.0.0.1");
            sockets.push(socket);
            let text = "";
            const received = new Promise<string>((done) => {
              socket.on("data", (chunk: Any) => (text += chunk));
              socket.on("close", () => done(text));
            });
            socket.on("error", () => {});
            socket.once("connect", () => resolve({ socket, received }));
            socket.once("error", reject);
          },
        );
      try {
        writeFileSync(
          join(dir, "gw.json"),
          '{ "backends": [{ "name": "echo", "provider": "echo" }], "server": { "maxConnections": 2, "headersTimeoutMs": 1000 } }',
        );
        child = await spawnBin(["gateway", "-c", "gw.json"], dir, {
          PORT: "0",
        });
        const [, port] = await child.line(
          /listening on http:\/\/[^:]+:(\d+)\//,
        );
        const first = await connect(Number(port));
        const second = await connect(Number(port));
        const third = await connect(Number(port));
        const refused = await withTimeout(
          third.received,
          BOUND_MS,
          "the third connection's answer",
        );
        assert.match(refused, /^HTTP\/1\.1 503 /);
        assert.match(refused, /\r\nRetry-After: 1\r\n/i);
        // The first two sent nothing: the head timeout closes them with a 408.
        first.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
        const timedOut = await withTimeout(first.received, BOUND_MS, "the 408");
        assert.match(timedOut, /^HTTP\/1\.1 408 /);
        await withTimeout(
          second.received,
          BOUND_MS,
          "the idle connection closed",
        );
        child.proc.kill("SIGTERM");
        assert.equal(
          await withTimeout(child.exited, BOUND_MS, "exit"),
          0,
          child.err(),
        );
      } finally {
        for (const socket of sockets) socket.destroy();
        if (child && child.proc.exitCode === null) child.proc.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    "gateway on node:http: a same-wire stream comes back byte for byte, unknown keys and comments kept; one its upstream cuts is logged as the backend's failure",
    {
      skip: !inNode && "runs on Node",
    },
    async () => {
      const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
      const { tmpdir } = await import("node:os");
      const { join } = await import("node:path");
      const http: Any = await import("node:http");
      const event = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${
          JSON.stringify({
            id: "c",
            object: "chat.completion.chunk",
            created: 0,
            model: "m-1",
            x_vendor: { trace: [1, { deep: null }] },
            choices: [{ index: 0, delta, finish_reason: finish, x_score: 0.5 }],
          })
        }\n\n`;
      const streamed = ": keep-alive\n\n" +
        event({ role: "assistant", content: "", x_note: "n" }, null) +
        event({ content: "hi" }, null) + event({}, "stop") +
        "data: [DONE]\n\n";
      // The first stream is whole; the second is cut after its first event.
      let calls = 0;
      const server = http.createServer(async (req: Any, res: Any) => {
        for await (const _ of req) { /* the body */ }
        res.writeHead(200, { "content-type": "text/event-stream" });
        if (calls++ === 0) return res.end(streamed);
        res.write(event({ content: "cut" }, null), () => res.destroy());
      });
      await new Promise<void>((resolve) =>
        server.listen(0, "127.0.0.1", resolve)
      );
      const up = `http://127.0.0.1:${server.address().port}`;
      const dir = mkdtempSync(join(tmpdir(), "switchyard-relay-"));
      let child: Child | undefined;
      try {
        writeFileSync(
          join(dir, "gw.json"),
          `{ "backends": [{ "name": "up", "provider": "vllm", "baseURL": "${up}/v1", "models": ["m-1"] }] }`,
        );
        child = await spawnBin(["gateway", "-c", "gw.json"], dir, {
          PORT: "0",
        });
        const [, origin] = await child.line(
          /^switchyard: listening on (http:\/\/\S+?)\/ /m,
        );
        const ask = () =>
          fetch(`${origin}/v1/chat/completions`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "m-1",
              stream: true,
              messages: [{ role: "user", content: "hi" }],
            }),
            signal: AbortSignal.timeout(BOUND_MS),
          });
        const whole = await ask();
        assert.equal(whole.status, 200);
        assert.equal(await whole.text(), streamed);
        const cut = await ask();
        assert.equal(cut.status, 200);
        const received = await cut.text().catch(() => "cut off");
        assert.doesNotMatch(received, /\[DONE\]/);
        // Its upstream broke off: the backend failed, the client did not leave.
        await child.line(/"error_code":"NETWORK_ERROR"/);
        assert.doesNotMatch(child.out(), /"error_code":"ABORTED"/);
        child.proc.kill("SIGTERM");
        assert.equal(
          await withTimeout(child.exited, BOUND_MS, "exit"),
          0,
          child.err(),
        );
      } finally {
        if (child && child.proc.exitCode === null) child.proc.kill("SIGKILL");
        server.closeAllConnections?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

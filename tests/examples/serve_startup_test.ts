// examples/serve.ts as `deno task start` runs it: a subprocess with the start
// task's flags and a clean environment plus the variables under test (Deno
// only; Deno.test so the sanitizers prove every child, pipe and server is
// closed).
import assert from "node:assert/strict";
import { fetchSignal, run, shutdownBounded } from "../_bounded.ts";
import {
  cleanEnv,
  ROOT,
  SERVE,
  START_FLAGS,
  startServe,
  STARTUP_MS,
} from "./_serve_process.ts";
import { needs } from "../_programs.ts";
import {
  createGateway,
  hashKey,
  SharedRateLimitStore,
} from "../../src/gateway/mod.ts";
import { createRedisStore } from "../../src/models/stores/redis.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { connect, startRedis } from "../models/stores/_redis_server.ts";

/** Runs serve.ts expecting it to exit at startup; returns its output. */
async function failedStart(
  vars: Record<string, string>,
  args?: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, out, err } = await run(Deno.execPath(), {
    args: args ?? [...START_FLAGS, SERVE],
    cwd: ROOT,
    clearEnv: true,
    env: cleanEnv({ PORT: "0", ...vars }),
    timeoutMs: STARTUP_MS,
  });
  return { code, stdout: out, stderr: err };
}

/**
 * A startup failure as the README promises it: status 2, nothing listening,
 * and stderr exactly one `switchyard: …` line matching `message`.
 */
function assertStartupFailure(
  result: { code: number; stdout: string; stderr: string },
  message: RegExp,
): void {
  assert.equal(result.code, 2, `exit status; stderr: ${result.stderr}`);
  assert.doesNotMatch(result.stdout, /listening/);
  const lines = result.stderr.split("\n");
  assert.equal(lines.pop(), "", "stderr ends with a newline");
  assert.equal(lines.length, 1, `one line on stderr:\n${result.stderr}`);
  assert.match(lines[0], /^switchyard: /);
  assert.match(lines[0], message);
}

async function chat(
  origin: string,
  body: Record<string, unknown>,
): Promise<Response> {
  return await fetch(`${origin}/v1/chat/completions`, {
    signal: fetchSignal(),
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function canConnect(hostname: string, port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname, port });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

/** A fake OpenAI API on 127.0.0.1 that records what it was sent. */
function fakeOpenAI(): {
  baseURL: string;
  seen: Array<{ authorization: string | null; body: Record<string, unknown> }>;
  close(): Promise<void>;
} {
  const seen: Array<
    { authorization: string | null; body: Record<string, unknown> }
  > = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const { pathname } = new URL(request.url);
      if (request.method !== "POST" || pathname !== "/v1/chat/completions") {
        return Response.json({ error: { message: "not here" } }, {
          status: 404,
        });
      }
      const body = await request.json();
      seen.push({ authorization: request.headers.get("authorization"), body });
      return Response.json({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1,
        model: body.model,
        choices: [{
          index: 0,
          message: {
            role: "assistant",
            content: `fake says hi to ${body.model}`,
          },
          finish_reason: "stop",
        }],
        usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
      });
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () => shutdownBounded(server),
  };
}

async function modelIds(origin: string): Promise<string[]> {
  const list =
    await (await fetch(`${origin}/v1/models`, { signal: fetchSignal() }))
      .json();
  return list.data.map((model: { id: string }) => model.id);
}

Deno.test("serve.ts: no provider variables → local backends, on 127.0.0.1 only, no warning on chat", async () => {
  const serve = await startServe({});
  try {
    assert.match(
      serve.stdout(),
      /^switchyard: no OPENAI_API_KEY, .* deterministic local test backends \(echo, mock\)\.$/m,
    );
    const url = new URL(serve.origin);
    assert.equal(url.hostname, "127.0.0.1", "the printed URL");
    const port = Number(url.port);
    assert.ok(port > 0, "PORT=0 picked a real port");
    assert.ok(await canConnect("127.0.0.1", port));
    // Bound to 127.0.0.1, not 0.0.0.0: other addresses of this machine
    // (another loopback address, the LAN interfaces) are refused.
    const others = [
      "127.0.0.2",
      ...Deno.networkInterfaces()
        .filter((i) => i.family === "IPv4" && !i.address.startsWith("127."))
        .map((i) => i.address),
    ];
    for (const address of others) {
      assert.equal(
        await canConnect(address, port),
        false,
        `reachable on ${address}`,
      );
    }

    const response = await chat(serve.origin, {
      model: "echo",
      messages: [{ role: "user", content: "hello from a subprocess test" }],
    });
    assert.equal(response.status, 200);
    const completion = await response.json();
    assert.equal(
      completion.choices[0].message.content,
      "hello from a subprocess test",
    );
    const streamed = await chat(serve.origin, {
      model: "echo",
      stream: true,
      messages: [{ role: "user", content: "streamed words" }],
    });
    assert.equal(streamed.status, 200);
    assert.match(await streamed.text(), /data: \[DONE\]/);

    const status = await serve.stop();
    assert.equal(status.code, 0, "SIGTERM shuts the server down cleanly");
    // Deno's legacy request.signal warning (or anything else) would land here.
    assert.equal(serve.stderr(), "");
    assert.doesNotMatch(serve.stdout(), /warning/i);
  } finally {
    await serve.stop();
  }
});

Deno.test("serve.ts: PORT is honoured, an invalid PORT exits with a clear message", async () => {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const free = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const serve = await startServe({ PORT: String(free) });
  try {
    assert.equal(serve.origin, `http://127.0.0.1:${free}`);
    const health = await fetch(`${serve.origin}/healthz`, {
      signal: fetchSignal(),
    });
    assert.equal(await health.text(), "ok");
  } finally {
    await serve.stop();
  }

  for (const port of ["abc", "-1", "65536", "80.5", " 80"]) {
    assertStartupFailure(
      await failedStart({ PORT: port }),
      new RegExp(
        `^switchyard: PORT must be an integer from 0 to 65535, got ${
          JSON.stringify(port).replace(/[.]/g, "\\.")
        }$`,
      ),
    );
  }
});

Deno.test("serve.ts: a port in use or a missing permission is one switchyard: line and status 2", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const { port } = taken.addr as Deno.NetAddr;
    assertStartupFailure(
      await failedStart({ PORT: String(port) }),
      new RegExp(
        `^switchyard: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use; set PORT to another port, or PORT=0 for a free one$`,
      ),
    );
  } finally {
    taken.close();
  }
  // Without --allow-net (Deno's own hint kept) and without --allow-env.
  assertStartupFailure(
    await failedStart({}, [
      ...START_FLAGS.filter((f) => f !== "--allow-net"),
      SERVE,
    ]),
    /^switchyard: cannot listen on 127\.0\.0\.1:0: .*--allow-net/,
  );
  assertStartupFailure(
    await failedStart({}, [
      ...START_FLAGS.filter((f) => f !== "--allow-env"),
      SERVE,
    ]),
    /^switchyard: NotCapable: .*--allow-env/,
  );
});

Deno.test("serve.ts: OPENAI_API_KEY (+ OPENAI_BASE_URL) registers the openai backend and routes through it", async () => {
  const fake = fakeOpenAI();
  const serve = await startServe({
    OPENAI_API_KEY: "sk-test-env",
    OPENAI_BASE_URL: fake.baseURL,
  });
  try {
    assert.match(
      serve.stdout(),
      /^switchyard: backends from the environment: openai \(openai\)$/m,
    );
    assert.doesNotMatch(serve.stdout(), /local test backends/);
    const ids = await modelIds(serve.origin);
    assert.ok(ids.includes("openai"), ids.join());
    assert.ok(!ids.includes("echo"), ids.join());

    const response = await chat(serve.origin, {
      model: "openai/gpt-fake-1",
      messages: [{ role: "user", content: "hi" }],
    });
    assert.equal(response.status, 200);
    const completion = await response.json();
    assert.equal(
      completion.choices[0].message.content,
      "fake says hi to gpt-fake-1",
    );
    assert.deepEqual(completion.usage, {
      prompt_tokens: 3,
      completion_tokens: 5,
      total_tokens: 8,
    });
    assert.equal(fake.seen.length, 1);
    assert.equal(fake.seen[0].authorization, "Bearer sk-test-env");
    assert.equal(fake.seen[0].body.model, "gpt-fake-1");
  } finally {
    await serve.stop();
    await fake.close();
  }
});

Deno.test('serve.ts: SWITCHYARD_CONFIG registers its backends, "$VAR" keys read from the environment', async () => {
  const fake = fakeOpenAI();
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(
      path,
      JSON.stringify([{
        name: "house",
        provider: "openai",
        apiKey: "$HOUSE_KEY",
        baseURL: fake.baseURL,
        defaultModel: "house-model",
      }, { name: "echo", provider: "echo" }]),
    );
    const serve = await startServe({
      SWITCHYARD_CONFIG: path,
      HOUSE_KEY: "sk-from-house-key",
      OPENAI_API_KEY: "sk-not-used", // the config file is the only source
    });
    try {
      assert.match(
        serve.stdout(),
        /^switchyard: backends from the config file: house \(openai\), echo \(echo\)$/m,
      );
      const ids = await modelIds(serve.origin);
      assert.ok(ids.includes("house") && ids.includes("echo"), ids.join());
      assert.ok(!ids.includes("openai"), ids.join());

      const response = await chat(serve.origin, {
        model: "house",
        messages: [{ role: "user", content: "hi" }],
      });
      assert.equal(response.status, 200);
      const completion = await response.json();
      assert.equal(
        completion.choices[0].message.content,
        "fake says hi to house-model",
      );
      assert.equal(fake.seen.length, 1);
      assert.equal(fake.seen[0].authorization, "Bearer sk-from-house-key");
    } finally {
      await serve.stop();
    }
  } finally {
    await Deno.remove(path);
    await fake.close();
  }
});

Deno.test("serve.ts: a bad SWITCHYARD_CONFIG or OLLAMA_HOST stops startup with a clear error", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(path, '[{"name": "a", "provider": "openai",');
    assertStartupFailure(
      await failedStart({ SWITCHYARD_CONFIG: path }),
      new RegExp(`^switchyard: ${path.replace(/[.]/g, "\\.")}: not valid JSON`),
    );

    await Deno.writeTextFile(
      path,
      '[{"name": "a", "provider": "openai", "apiKey": "$UNSET_KEY"}]',
    );
    assertStartupFailure(
      await failedStart({ SWITCHYARD_CONFIG: path }),
      /\[0\]\.apiKey: environment variable UNSET_KEY is not set/,
    );

    assertStartupFailure(
      await failedStart({ SWITCHYARD_CONFIG: `${path}.missing` }),
      /\.missing: cannot read/,
    );

    assertStartupFailure(
      await failedStart({ OLLAMA_HOST: "localhost:port" }),
      /^switchyard: OLLAMA_HOST: invalid port "port"/,
    );
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("deno task start on an empty DENO_DIR fetches nothing (no dev npm packages)", async () => {
  // A bad PORT stops serve.ts right after the task has prepared everything,
  // so what the task fetched beforehand is all in its output.
  const denoDir = await Deno.makeTempDir();
  try {
    const result = await failedStart(
      { PORT: "abc", DENO_DIR: denoDir },
      ["task", "start"],
    );
    assert.doesNotMatch(result.stderr, /Download|Ignored build scripts/);
    // deno task names the task on stderr first; serve.ts's line follows.
    const lines = result.stderr.trimEnd().split("\n");
    assert.match(lines[0], /^Task start deno run /);
    assertStartupFailure(
      { ...result, stderr: lines.slice(1).join("\n") + "\n" },
      /^switchyard: PORT must be an integer from 0 to 65535, got "abc"$/,
    );
  } finally {
    await Deno.remove(denoDir, { recursive: true });
  }
});

Deno.test("serve.ts: a gateway config object brings keys, aliases and the JSON request log", async () => {
  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(
      path,
      JSON.stringify({
        backends: [{ name: "echo", provider: "echo" }],
        aliases: { fast: "echo" },
        keys: [{ id: "team-a", key: "$TEAM_A_KEY", rpm: 100 }],
      }),
    );
    const serve = await startServe({
      SWITCHYARD_CONFIG: path,
      TEAM_A_KEY: "sk-team-a-secret",
    });
    try {
      const anonymous = await chat(serve.origin, {
        model: "fast",
        messages: [{ role: "user", content: "hi" }],
      });
      assert.equal(anonymous.status, 401);
      await anonymous.body?.cancel();
      const response = await fetch(`${serve.origin}/v1/chat/completions`, {
        signal: fetchSignal(),
        method: "POST",
        headers: {
          authorization: "Bearer sk-team-a-secret",
          "x-request-id": "startup-test-1",
        },
        body: JSON.stringify({
          model: "fast",
          messages: [{ role: "user", content: "hi" }],
        }),
      });
      assert.equal(response.status, 200);
      assert.equal((await response.json()).choices[0].message.content, "hi");
      // The log line is printed once the answer is sent; wait for it, bounded.
      for (
        let i = 0;
        i < 1000 && !serve.stdout().includes("startup-test-1");
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const line = serve.stdout().split("\n").find((l) =>
        l.includes('"request_id":"startup-test-1"')
      );
      assert.ok(line, serve.stdout());
      const entry = JSON.parse(line);
      assert.equal(entry.key_id, "team-a");
      assert.equal(entry.status, 200);
      assert.ok(
        !serve.stdout().includes("sk-team-a-secret"),
        "no secret logged",
      );
    } finally {
      await serve.stop();
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("serve.ts: HOST beyond loopback without keys, or a bad config field, stops startup with one line", async () => {
  const result = await failedStart({ HOST: "0.0.0.0" });
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /^switchyard: HOST=0\.0\.0\.0 is not a loopback address and no keys are configured: .+\n$/,
  );
  assert.doesNotMatch(result.stdout, /listening/);

  const path = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(
      path,
      JSON.stringify({ keys: [{ id: "a", key: "$A_KEY", rpm: 0 }] }),
    );
    const bad = await failedStart({ SWITCHYARD_CONFIG: path, A_KEY: "sk-a" });
    assert.equal(bad.code, 2);
    assert.equal(
      bad.stderr,
      "switchyard: config: keys[0].rpm must be a positive integer\n",
    );
  } finally {
    await Deno.remove(path);
  }
});

Deno.test({
  name:
    "serve.ts: REDIS_URL shares per-key limits with every gateway on that Redis",
  ignore: needs("serve.ts on Redis", "redis-server").ignore,
  async fn() {
    const redis = await startRedis();
    const path = await Deno.makeTempFile({ suffix: ".json" });
    const { client, close } = await connect(redis.port, {
      disableOfflineQueue: true,
    });
    // The instances must read the shared buckets on every request: with the
    // default 100 ms store timeout, one Redis answer slowed by a loaded
    // machine switched an instance to its own buckets (each full), and it
    // admitted a request the fleet had no token left for. Both wait long
    // here; the fallback has its own tests.
    const TIMEOUT_MS = 30_000;
    const store = createRedisStore(client, { prefix: "fleet:" });
    const keys = [
      { id: "team-a", sha256: await hashKey("sk-team-a-secret"), rpm: 1 },
      { id: "team-b", sha256: await hashKey("sk-team-b-secret"), rpm: 1 },
    ];
    // A sibling instance in this process, on the same Redis and prefix.
    const sibling = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys,
      store,
      rateLimitStore: new SharedRateLimitStore(store, {
        timeoutMs: TIMEOUT_MS,
      }),
    });
    try {
      await Deno.writeTextFile(
        path,
        JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          keys: [
            { id: "team-a", key: "$TEAM_A_KEY", rpm: 1 },
            { id: "team-b", key: "$TEAM_B_KEY", rpm: 1 },
          ],
          redis: {
            url: "$REDIS_URL",
            prefix: "fleet",
            timeoutMs: TIMEOUT_MS,
          },
        }),
      );
      const serve = await startServe({
        SWITCHYARD_CONFIG: path,
        TEAM_A_KEY: "sk-team-a-secret",
        TEAM_B_KEY: "sk-team-b-secret",
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      });
      try {
        assert.match(
          serve.stdout(),
          new RegExp(`shared state on Redis redis://127.0.0.1:${redis.port}`),
        );
        const post = async (
          send: (r: Request) => Promise<Response>,
          key: string,
        ) => {
          const response = await send(
            new Request(`${serve.origin}/v1/chat/completions`, {
              signal: fetchSignal(),
              method: "POST",
              headers: { authorization: `Bearer ${key}` },
              body: JSON.stringify({
                model: "echo",
                messages: [{ role: "user", content: "hi" }],
              }),
            }),
          );
          await response.body?.cancel();
          return response.status;
        };
        // 1 per minute per key across both instances (one token refills in
        // 60 s, far longer than the two requests of a pair take): what one
        // instance admits, the other refuses, both ways.
        assert.equal(await post(fetch, "sk-team-a-secret"), 200);
        assert.equal(await post(sibling, "sk-team-a-secret"), 429);
        assert.equal(await post(sibling, "sk-team-b-secret"), 200);
        assert.equal(await post(fetch, "sk-team-b-secret"), 429);
        assert.doesNotMatch(serve.stderr(), /store-unavailable/);
      } finally {
        await serve.stop();
      }
    } finally {
      sibling.dispose();
      await close();
      await redis.stop();
      await Deno.remove(path);
    }
  },
});

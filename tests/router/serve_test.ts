// Deno-only: real servers (Deno.serve, `deno serve`, `deno serve --parallel`).
import assert from "node:assert/strict";
import { createRoute, createRouter } from "../../src/router/mod.ts";
import {
  fetchSignal,
  shutdownBounded,
  stopChild,
  withTimeout,
} from "../_bounded.ts";

function standardRouter() {
  return createRouter()
    .endpoint`GET /users/:id`(createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/plain

      user ${(_request, context) => context.params.id}
    `);
}

Deno.test("Deno.serve(router) answers on 127.0.0.1", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    standardRouter(),
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const ok = await fetch(`${base}/users/a%20b`, { signal: fetchSignal() });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("content-length"), "8");
    assert.equal(await ok.text(), "user a b");
    const head = await fetch(`${base}/users/1`, {
      method: "HEAD",
      signal: fetchSignal(),
    });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
    const wrong = await fetch(`${base}/users/1`, {
      method: "POST",
      signal: fetchSignal(),
    });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "GET, HEAD, OPTIONS");
    await wrong.body?.cancel();
    const missing = await fetch(`${base}/nope`, { signal: fetchSignal() });
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await shutdownBounded(server);
  }
});

Deno.test("bytes and Blob substitutions go out with an exact Content-Length, GET and HEAD alike", async () => {
  const router = createRouter()
    .endpoint`GET /bytes`(createRoute()`a${() => new Uint8Array([66])}c`)
    .endpoint`GET /blob`(createRoute()`a${() => new Blob(["B"])}c`);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    router,
  );
  try {
    for (const path of ["/bytes", "/blob"]) {
      const url = `http://127.0.0.1:${server.addr.port}${path}`;
      const get = await fetch(url, { signal: fetchSignal() });
      assert.equal(get.headers.get("content-length"), "3", path);
      assert.equal(get.headers.get("transfer-encoding"), null, path);
      assert.equal(await get.text(), "aBc");
      const head = await fetch(url, { method: "HEAD", signal: fetchSignal() });
      assert.equal(head.headers.get("content-length"), "3", path);
      await head.body?.cancel();
    }
  } finally {
    await shutdownBounded(server);
  }
});

Deno.test("a mounted fetch handler gets Deno.serve's remoteAddr and completed, which settles once the stream is delivered", async () => {
  let delivered: Promise<void> | undefined;
  let peer: unknown;
  let settled = false;
  const handler = (
    _request: Request,
    info?: { remoteAddr?: unknown; completed?: Promise<void> },
  ) => {
    peer = info?.remoteAddr;
    delivered = info?.completed;
    delivered?.then(() => (settled = true));
    const utf8 = new TextEncoder();
    return new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(utf8.encode("first\n"));
          // The rest waits for the test: the answer is not delivered yet.
          await gate.promise;
          controller.enqueue(utf8.encode("last\n"));
          controller.close();
        },
      }),
    );
  };
  const gate = Promise.withResolvers<void>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    createRouter({ defaultHandler: handler }),
  );
  try {
    const response = await fetch(
      `http://127.0.0.1:${server.addr.port}/any/path`,
      { signal: fetchSignal() },
    );
    assert.equal((peer as Deno.NetAddr).hostname, "127.0.0.1");
    assert.ok(delivered instanceof Promise, "completed reached the handler");
    assert.equal(settled, false, "not delivered while the body is open");
    gate.resolve();
    assert.equal(await response.text(), "first\nlast\n");
    await withTimeout(delivered, 10_000, "completed never settled");
  } finally {
    gate.resolve(); // a failed assertion must not leave the stream open
    await shutdownBounded(server);
  }
});

Deno.test("a control character in a header substitution is a 500, and the server keeps serving", async () => {
  // Deno.serve's HTTP/1 writer aborts the process on such a header value;
  // a percent-decoded param lets any client send one.
  const router = createRouter({
    errorHandler: () => new Response("refused", { status: 500 }),
  }).endpoint`GET /hello/:name`(createRoute()`
    HTTP/1.1 200 OK
    X-Greeting: hello ${(_request, context) => context.params.name}

    hi
  `);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    router,
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    for (const escape of ["%01", "%1B", "%7F"]) {
      const refused = await fetch(`${base}/hello/${escape}`, {
        signal: fetchSignal(),
      });
      assert.equal(refused.status, 500, escape);
      assert.equal(await refused.text(), "refused");
    }
    const fine = await fetch(`${base}/hello/you`, { signal: fetchSignal() });
    assert.equal(fine.headers.get("x-greeting"), "hello you");
    await fine.body?.cancel();
  } finally {
    await shutdownBounded(server);
  }
});

Deno.test("streaming: status, headers and leading text arrive before a slow substitution resolves", async () => {
  // The substitution waits for the test itself: the leading text can only
  // arrive first if the router sends it before the substitution settles.
  let release = (_: string) => {};
  const late = new Promise<string>((resolve) => (release = resolve));
  let settled = false;
  const router = createRouter().endpoint`GET /slow`(createRoute({
    streaming: true,
  })`
    HTTP/1.1 200 OK
    Content-Type: text/plain

    first part|${() => late.then((text) => ((settled = true), text))}
  `);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    router,
  );
  try {
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/slow`, {
      signal: fetchSignal(),
    });
    assert.equal(response.status, 200);
    assert.equal(settled, false, "headers waited for the substitution");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let head = "";
    while (head.length < "first part|".length) {
      const chunk = await reader.read();
      assert.ok(!chunk.done, `stream ended after ${JSON.stringify(head)}`);
      head += decoder.decode(chunk.value, { stream: true });
    }
    assert.equal(head, "first part|");
    assert.equal(settled, false, "leading text waited for the substitution");
    release("late part");
    let rest = "";
    for (
      let chunk = await reader.read();
      !chunk.done;
      chunk = await reader.read()
    ) {
      rest += decoder.decode(chunk.value, { stream: true });
    }
    assert.equal(rest, "late part");
  } finally {
    release("");
    await shutdownBounded(server);
  }
});

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function serveSubprocess(parallel: boolean): Promise<void> {
  const port = freePort();
  const fixture =
    new URL("../fixtures/router_serve.ts", import.meta.url).pathname;
  const args = [
    "serve",
    "--quiet",
    "--allow-read",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
  ];
  if (parallel) args.push("--parallel");
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args, fixture],
    env: { DENO_JOBS: "2", NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 100 && answer === undefined; attempt++) {
      try {
        answer = await fetch(`http://127.0.0.1:${port}/users/7`, {
          signal: fetchSignal(2_000),
        });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    assert.ok(answer, "the server never answered");
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), "user 7");
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        signal: fetchSignal(),
      });
      assert.equal(await response.text(), "served");
    }
  } finally {
    await child.stderr.cancel();
    // `deno serve --parallel` sometimes ignores SIGTERM: SIGKILL follows.
    await stopChild(child);
  }
}

Deno.test("deno serve runs a module exporting { fetch: router }", async () => {
  await withTimeout(serveSubprocess(false), 60_000, "deno serve test stuck");
});

Deno.test("deno serve --parallel runs the same module", async () => {
  await withTimeout(
    serveSubprocess(true),
    60_000,
    "deno serve --parallel test stuck",
  );
});

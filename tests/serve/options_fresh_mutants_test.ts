// The listener's options at their edges: what `serve` takes and what it
// refuses, each refusal a ServeError with code INVALID_OPTION and one line
// naming the field. Each edge is where a one-character slip in the checks
// (`>` for `>=`, 65535 for 65536, `||` for `&&`) would pass a bad value to
// the runtime or refuse a good one.
import assert from "node:assert/strict";
import { serveGateway } from "../../src/gateway/serve.ts";
import {
  resolveServeOptions,
  serve,
  SERVE_DEFAULTS,
  ServeError,
  type ServeOptions,
} from "../../src/serve/mod.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";

function refused(options: unknown, message: string | RegExp): void {
  assert.throws(
    () => resolveServeOptions(options as ServeOptions),
    (error: unknown) => {
      assert.ok(error instanceof ServeError, String(error));
      assert.equal(error.code, "INVALID_OPTION");
      if (typeof message === "string") assert.equal(error.message, message);
      else assert.match(error.message, message);
      return true;
    },
    JSON.stringify(options),
  );
}

const POSITIVE = [
  "headersTimeoutMs",
  "bodyTimeoutMs",
  "idleTimeoutMs",
  "maxConnections",
  "maxHeaderBytes",
] as const;

Deno.test("serve options: the defaults, and what is given replaces exactly its own field", () => {
  assert.deepEqual(resolveServeOptions(), { ...SERVE_DEFAULTS });
  assert.deepEqual(resolveServeOptions({}), { ...SERVE_DEFAULTS });
  // A field given as undefined keeps its default (a spread of settings).
  assert.deepEqual(
    resolveServeOptions({ port: undefined, hostname: undefined }),
    { ...SERVE_DEFAULTS },
  );
  for (const field of POSITIVE) {
    const limits = resolveServeOptions({ [field]: 7 });
    assert.deepEqual(limits, { ...SERVE_DEFAULTS, [field]: 7 }, field);
  }
});

Deno.test("serve options: a port from 0 to 65535, other integers from 1", () => {
  for (const port of [0, 1, 65535]) {
    assert.equal(resolveServeOptions({ port }).port, port);
  }
  for (const port of [-1, 65536, 80.5, Number.NaN, "80"]) {
    refused({ port }, "port must be an integer from 0 to 65535");
  }
  for (const field of POSITIVE) {
    assert.equal(resolveServeOptions({ [field]: 1 })[field], 1, field);
    for (const value of [0, -1, 1.5, Infinity, "5", 2 ** 53]) {
      refused({ [field]: value }, `${field} must be a positive integer`);
    }
  }
});

Deno.test("serve options: maxBodyBytes is a positive integer or Infinity", () => {
  for (const maxBodyBytes of [1, 1024, Infinity]) {
    assert.equal(
      resolveServeOptions({ maxBodyBytes }).maxBodyBytes,
      maxBodyBytes,
    );
  }
  for (const maxBodyBytes of [0, -1, 0.5, -Infinity, Number.NaN, "1"]) {
    refused(
      { maxBodyBytes },
      "maxBodyBytes must be a positive integer or Infinity",
    );
  }
});

Deno.test("serve options: a hostname is a non-empty string; options are an object; unknown names are refused", () => {
  assert.equal(
    resolveServeOptions({ hostname: "0.0.0.0" }).hostname,
    "0.0.0.0",
  );
  for (const hostname of ["", 127, null]) {
    refused({ hostname }, "hostname must be a non-empty string");
  }
  for (const options of [null, "port=80", 80]) {
    refused(options, "options must be an object");
  }
  refused(
    { maxBodySize: 10 },
    /^unknown option "maxBodySize" \(known: hostname, port, /,
  );
  // An inherited name is no option either.
  refused({ toString: 1 }, /^unknown option "toString"/);
});

// Bug (`src/gateway/serve.ts`, `?? Infinity` → `|| Infinity`): a config's
// `maxBodyBytes: 0` turns serveGateway's body bound off without a word,
// where serve refuses it.
Deno.test("serveGateway refuses maxBodyBytes 0 as serve does, and takes Infinity and a positive bound", async () => {
  const handler = () => new Response("ok");
  await assert.rejects(
    serveGateway(handler, { port: 0, maxBodyBytes: 0 }),
    (error: unknown) =>
      error instanceof ServeError && error.code === "INVALID_OPTION" &&
      error.message === "maxBodyBytes must be a positive integer or Infinity",
  );
  for (const maxBodyBytes of [undefined, Infinity, 16]) {
    const server = await serveGateway(handler, {
      port: 0,
      hostname: "127.0.0.1",
      maxBodyBytes,
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${server.addr.port}/`, {
        method: "POST",
        body: "x".repeat(17),
        signal: fetchSignal(),
      });
      await answer.body?.cancel();
      assert.equal(answer.status, maxBodyBytes === 16 ? 413 : 200);
    } finally {
      await shutdownBounded(server);
    }
  }
});

// Bug (`src/serve/serve.ts`, `process?.versions?.node` → `process.versions`
// or `versions.node`): where neither Deno nor Node runs (a browser, or a
// bundler's `process` shim holding only `env`), serve fails with a
// TypeError instead of its coded UNSUPPORTED_RUNTIME.
Deno.test("serve outside Deno and Node refuses with UNSUPPORTED_RUNTIME, a bundler's process shim included", async () => {
  // deno-lint-ignore no-explicit-any
  const scope = globalThis as any;
  // Deno's `process` loads lazily and reads Deno: touch it first.
  assert.equal(typeof scope.process.versions.node, "string");
  const saved = { Deno: scope.Deno, process: scope.process };
  for (const process of [undefined, { env: {} }]) {
    let refusal: unknown;
    delete scope.Deno;
    scope.process = process;
    try {
      refusal = await serve(() => new Response("ok"), { port: 0 }).then(
        () => "served",
        (error) => error,
      );
    } finally {
      scope.Deno = saved.Deno;
      scope.process = saved.process;
    }
    assert.ok(refusal instanceof ServeError, String(refusal));
    assert.equal(refusal.code, "UNSUPPORTED_RUNTIME");
    assert.equal(
      refusal.message,
      "serve needs Deno (Deno.listen) or Node 20+ (node:http)",
    );
  }
});

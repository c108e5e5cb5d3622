// The listener's options at their edges: what `serve` takes and what it
// refuses, each refusal a ServeError with code INVALID_OPTION and one line
// naming the field. Each edge is where a one-character slip in the checks
// (`>` for `>=`, 65535 for 65536, `||` for `&&`) would pass a bad value to
// the runtime or refuse a good one.
import assert from "node:assert/strict";
import {
  resolveServeOptions,
  SERVE_DEFAULTS,
  ServeError,
  type ServeOptions,
} from "../../src/serve/mod.ts";

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

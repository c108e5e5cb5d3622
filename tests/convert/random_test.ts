// Seeded random requests: every option, method-aware bodies, and golden
// values pinned from real output so a PRNG change anywhere (or a runtime that
// computes differently — this file also runs on Node) is caught.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { ConversionError } from "../../src/convert/string.ts";
import { normalizeHeaders } from "../../src/convert/core.ts";
import {
  createRng,
  randomBody,
  randomHeaders,
  randomMethod,
  randomPath,
  randomRequest,
  type Rng,
} from "../../src/convert/random.ts";

const sha256 = (text: string) =>
  createHash("sha256").update(text).digest("hex");

describe("createRng (mulberry32)", () => {
  it("produces the reference mulberry32 stream (golden)", () => {
    // Values of the published reference implementation for these seeds.
    const golden: Record<number, number[]> = {
      0: [1144304738, 1416247, 958946056, 627933444],
      42: [2581720956, 1925393290, 3661312704, 2876485805],
      4294967295: [3850105811, 813802916, 3073704848, 4054706436],
    };
    for (const [seed, values] of Object.entries(golden)) {
      const rng = createRng(Number(seed));
      assert.deepEqual(
        [
          rng.nextUint32(),
          rng.nextUint32(),
          rng.nextUint32(),
          rng.nextUint32(),
        ],
        values,
      );
    }
  });

  it("coerces the seed to uint32", () => {
    assert.equal(createRng(-1).seed, 4294967295);
    assert.equal(createRng(2 ** 32 + 5).seed, 5);
    assert.equal(
      createRng(-1).nextUint32(),
      createRng(4294967295).nextUint32(),
    );
  });

  it("rejects non-finite seeds", () => {
    assert.throws(
      () => createRng(Number.NaN),
      (e: unknown) =>
        e instanceof ConversionError && e.code === "INVALID_OPTION",
    );
  });

  it("int stays within bounds and reaches both ends", () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = rng.int(1, 6);
      assert.ok(n >= 1 && n <= 6);
      seen.add(n);
    }
    assert.equal(seen.size, 6);
  });
});

describe("randomRequest determinism", () => {
  it("pins golden hashes of whole request lists", () => {
    assert.equal(
      sha256(JSON.stringify(randomRequest({ seed: 1, count: 1000 }))),
      "ebfeb1c79a2bdff54651b11af2c1a8f35dfe700456f0911d595dd1a9d4ed456f",
    );
    assert.equal(
      sha256(JSON.stringify(randomRequest({ seed: 20240601, count: 10000 }))),
      "ecfaa320f3bb9acd733ae3dc1ca8e9cf997509285f551effd8d968194abad2ce",
    );
  });

  it("pins one request exactly", () => {
    assert.equal(
      JSON.stringify(randomRequest({ seed: 7 })),
      '{"method":"GET","url":"https://api.example.com/users","headers":{"accept":"text/html,application/xhtml+xml","user-agent":"curl/8.5.0","accept-language":"de-DE,de;q=0.8","x-request-id":"8b42c835484f3e32","authorization":"Bearer IXl4uYcgxcvp2AMQ15lMQTwh"},"httpVersion":"1.1"}',
    );
    assert.equal(randomMethod({ seed: 3 }), "PUT");
    assert.equal(randomPath({ seed: 5, paths: ["/users/:id"] }), "/users/7727");
    assert.equal(randomBody({ seed: 1 }), "willow=willow");
  });

  it("is byte-identical across calls, and count is a pure function of the seed", () => {
    const a = JSON.stringify(randomRequest({ seed: 99, count: 50 }));
    const b = JSON.stringify(randomRequest({ seed: 99, count: 50 }));
    assert.equal(a, b);
    const longer = randomRequest({ seed: 99, count: 80 });
    assert.equal(JSON.stringify(longer.slice(0, 50)), a);
    assert.deepEqual(randomRequest({ seed: 99 }), longer[0]);
    assert.notEqual(JSON.stringify(randomRequest({ seed: 100, count: 50 })), a);
  });

  it("count 0 gives an empty array; bad counts throw", () => {
    assert.deepEqual(randomRequest({ seed: 1, count: 0 }), []);
    for (const count of [-1, 1.5, Number.NaN]) {
      assert.throws(
        () => randomRequest({ seed: 1, count }),
        (e: unknown) => e instanceof ConversionError && e.path === "count",
      );
    }
  });
});

describe("randomRequest options", () => {
  const many = randomRequest({ seed: 5, count: 2000 });

  it("default method pool favours GET and POST and has httpVersion 1.1", () => {
    const counts = new Map<string, number>();
    for (const r of many) counts.set(r.method, (counts.get(r.method) ?? 0) + 1);
    const get = counts.get("GET")!, post = counts.get("POST")!;
    for (const [method, n] of counts) {
      if (method !== "GET" && method !== "POST") assert.ok(n < post && n < get);
    }
    assert.ok(many.every((r) => r.httpVersion === "1.1"));
  });

  it("bodies are method-aware with a matching content-type", () => {
    for (const r of many) {
      if (["GET", "HEAD", "OPTIONS", "DELETE"].includes(r.method)) {
        assert.equal(r.body, undefined);
        assert.equal(r.headers["content-type"], undefined);
        continue;
      }
      assert.equal(typeof r.body, "string");
      const type = r.headers["content-type"];
      if (type === "application/json") JSON.parse(r.body!);
      else if (type === "application/x-www-form-urlencoded") {
        assert.match(r.body!, /^[^=&]+=[^&]*(&[^=&]+=[^&]*)*$/);
      } else assert.equal(type, "text/plain; charset=utf-8");
    }
  });

  it("methods are drawn from the given list", () => {
    const methods = new Set(
      randomRequest({ seed: 1, count: 300, methods: ["PATCH", "PURGE"] })
        .map((r) => r.method),
    );
    assert.deepEqual([...methods].sort(), ["PATCH", "PURGE"]);
  });

  it("path templates interpolate :id and other params; functions get the rng", () => {
    for (
      const r of randomRequest({
        seed: 2,
        count: 100,
        paths: ["/users/:id/files/:name"],
      })
    ) {
      assert.match(
        r.url,
        /^https:\/\/api\.example\.com\/users\/\d{1,4}\/files\/[a-z]+$/,
      );
    }
    let received: Rng | undefined;
    const r = randomRequest({
      seed: 2,
      paths: (rng) => {
        received = rng;
        return `/fn/${rng.int(10, 10)}`;
      },
    });
    assert.equal(r.url, "https://api.example.com/fn/10");
    assert.equal(typeof received?.nextUint32, "function");
  });

  it("baseUrl prefixes paths; empty baseUrl leaves the path", () => {
    const r = randomRequest({
      seed: 3,
      baseUrl: "http://localhost:8000/",
      paths: ["/x"],
    });
    assert.equal(r.url, "http://localhost:8000/x");
    assert.equal(
      randomRequest({ seed: 3, baseUrl: "", paths: ["/x"] }).url,
      "/x",
    );
  });

  it("headers: false is empty, an object is used as given", () => {
    assert.deepEqual(randomRequest({ seed: 1, headers: false }).headers, {});
    const r = randomRequest({
      seed: 1,
      methods: ["POST"],
      headers: { "X-Custom": "1", Accept: ["a", "b"] },
    });
    assert.deepEqual(r.headers, { "x-custom": "1", accept: ["a", "b"] });
    assert.equal(typeof r.body, "string");
  });

  it("body: false, string, object and function", () => {
    assert.equal(
      randomRequest({ seed: 1, methods: ["POST"], body: false }).body,
      undefined,
    );
    const text = randomRequest({ seed: 1, methods: ["GET"], body: "hello" });
    assert.equal(text.body, "hello");
    assert.equal(text.headers["content-type"], "text/plain; charset=utf-8");
    const object = randomRequest({
      seed: 1,
      methods: ["PUT"],
      body: { a: [1] },
    });
    assert.equal(object.body, '{"a":[1]}');
    assert.equal(object.headers["content-type"], "application/json");
    const fn = randomRequest({
      seed: 1,
      count: 20,
      body: (rng, method) =>
        method === "GET" ? undefined : `n=${rng.int(1, 9)}`,
    });
    for (const r of fn) {
      if (r.method === "GET") assert.equal(r.body, undefined);
      else {
        assert.match(r.body!, /^n=\d$/);
        assert.equal(
          r.headers["content-type"],
          "application/x-www-form-urlencoded",
        );
      }
    }
  });

  it("header values are printable ASCII without edge white space", () => {
    for (const r of many) {
      for (const [name, value] of Object.entries(r.headers)) {
        assert.match(name, /^[a-z0-9-]+$/);
        assert.match(String(value), /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/);
      }
    }
  });
});

describe("piece generators", () => {
  it("headers: names differing only in case keep every value, as normalizeHeaders does", () => {
    const given = { "X-A": "1", "x-a": "2", Vary: ["a"], "VARY": "b" };
    const expected = { "x-a": ["1", "2"], vary: ["a", "b"] };
    assert.deepEqual(normalizeHeaders(given), expected);
    assert.deepEqual(
      randomRequest({ seed: 1, headers: given }).headers,
      expected,
    );
    assert.deepEqual(randomHeaders({ seed: 1, headers: given }), expected);
    assert.deepEqual(given["Vary"], ["a"], "the option is not changed");
  });

  it("share the option names and draw from a passed rng", () => {
    const rng = createRng(11);
    const method = randomMethod({ rng });
    const path = randomPath({ rng });
    assert.equal(typeof method, "string");
    assert.ok(path.startsWith("/"));
    assert.equal(randomBody({ seed: 1, method: "HEAD" }), undefined);
    assert.equal(randomHeaders({ seed: 1, headers: false }).accept, undefined);
    assert.equal(
      randomHeaders({ seed: 1, contentType: "text/csv" })["content-type"],
      "text/csv",
    );
  });
});

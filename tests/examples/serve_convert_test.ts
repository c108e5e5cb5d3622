// POST /api/convert over a real socket (Deno only: Deno.serve, sanitizers on).
import assert from "node:assert/strict";
import { startServer } from "./_server.ts";
import { fetchSignal } from "../_bounded.ts";
import { toRequest as curlToRequest } from "../../src/convert/curl.ts";
import { parseRequest } from "../../src/convert/string.ts";
import { toRequests as harToRequests } from "../../src/convert/har.ts";
import validator from "npm:har-validator@5.1.5";

interface ConvertAnswer {
  type: string;
  request: {
    method: string;
    url: string;
    headers: Record<string, string | string[]>;
    body?: string;
  };
  curl: string;
  http: string;
  har: string;
  fetch: string;
  warnings: Array<
    { code: string; message: string; option?: string; offset?: number }
  >;
  entries?: number;
  entry?: number;
  entryLabels?: string[];
  error?: { code: string; message: string; offset?: number; path?: string };
}

async function post(
  origin: string,
  body: unknown,
): Promise<{ status: number; json: ConvertAnswer }> {
  const response = await fetch(`${origin}/api/convert`, {
    signal: fetchSignal(),
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const CURL =
  `curl -X POST 'https://api.example.com/users?team=core' -H 'Content-Type: application/json' -d '{"name":"it'\\''s Ada"}'`;

Deno.test("/api/convert: every form of one request, each readable back into the same request", async () => {
  const server = startServer();
  try {
    const { status, json } = await post(server.origin, { input: CURL });
    assert.equal(status, 200);
    assert.equal(json.type, "curl");
    const expected = {
      method: "POST",
      url: "https://api.example.com/users?team=core",
      body: `{"name":"it's Ada"}`,
    };
    assert.deepEqual({
      method: json.request.method,
      url: json.request.url,
      body: json.request.body,
    }, expected);
    const fromCurl = curlToRequest(json.curl);
    const fromHttp = parseRequest(json.http);
    const [fromHar] = harToRequests(json.har);
    for (const request of [fromCurl, fromHttp, fromHar]) {
      assert.deepEqual({
        method: request.method,
        url: request.url,
        body: request.body,
      }, expected);
      assert.equal(request.headers["content-type"], "application/json");
    }
    assert.match(
      json.fetch,
      /^fetch\("https:\/\/api\.example\.com\/users\?team=core", \{/,
    );
    assert.ok(json.fetch.includes(JSON.stringify(expected.body)), json.fetch);
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: raw HTTP, HAR log, HAR entry and fetch inputs are detected and converted", async () => {
  const server = startServer();
  try {
    const http = await post(server.origin, {
      input:
        "PUT /items/7 HTTP/1.1\r\nHost: shop.example\r\nX-Trace: 1\r\n\r\nhello",
    });
    assert.equal(http.json.type, "http");
    assert.equal(http.json.request.url, "http://shop.example/items/7");
    assert.equal(http.json.request.body, "hello");
    assert.ok(http.json.curl.includes("-X 'PUT'"), http.json.curl);

    const entry = {
      request: {
        method: "DELETE",
        url: "https://a.example/x?y=1",
        headers: [{ name: "A", value: "b" }],
      },
    };
    const log = await post(server.origin, {
      input: JSON.stringify({ log: { entries: [entry, entry] } }),
    });
    assert.equal(log.json.type, "har");
    assert.equal(log.json.entries, 2);
    assert.equal(log.json.request.method, "DELETE");
    assert.equal(log.json.request.headers.a, "b");
    const single = await post(server.origin, {
      input: JSON.stringify(entry),
      from: "har",
    });
    assert.equal(single.json.request.url, "https://a.example/x?y=1");

    const code =
      `const response = await fetch('https://api.example.com/users', {
      method: "PATCH", // comment
      headers: { 'content-type': "application/json", Accept: 'text/plain' },
      body: JSON.stringify({ name: "Ada", n: 1 }),
    });`;
    const fetched = await post(server.origin, { input: code });
    assert.equal(fetched.json.type, "fetch");
    assert.equal(fetched.json.request.method, "PATCH");
    assert.equal(fetched.json.request.body, '{"name":"Ada","n":1}');
    assert.equal(fetched.json.request.headers.accept, "text/plain");

    const object = await post(server.origin, {
      input: '{"url":"https://a.example/","options":{"method":"HEAD"}}',
    });
    assert.equal(object.json.type, "fetch");
    assert.equal(object.json.request.method, "HEAD");

    const compact = await post(server.origin, { input: CURL, pretty: false });
    assert.ok(!compact.json.curl.includes("\n"), compact.json.curl);
    assert.ok(!compact.json.har.includes("\n"));
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: errors carry the ConversionError code and offset", async () => {
  const server = startServer();
  try {
    const cases: Array<[unknown, number, string, number | undefined]> = [
      [{ input: "curl 'https://x" }, 400, "UNTERMINATED_QUOTE", 5],
      [{ input: "   " }, 400, "EMPTY_INPUT", 0],
      [{ input: "hello world" }, 400, "INVALID_INPUT", 0],
      [{ input: "HTTP/1.1 200 OK\r\n\r\n" }, 400, "INVALID_INPUT", 0],
      [{ input: '{"log": {' }, 400, "INVALID_HAR", 9],
      [{ input: "fetch(url)" }, 400, "INVALID_INPUT", 6],
      [
        { input: "fetch('https://x/', { body: readFile() })" },
        400,
        "INVALID_INPUT",
        28,
      ],
      [
        { input: "GET / HTTP/1.1\nbad header\n\n", from: "http" },
        400,
        "INVALID_HEADER",
        15,
      ],
      [{ input: "x", from: "yaml" }, 400, "INVALID_OPTION", undefined],
      [{ nothing: true }, 400, "INVALID_INPUT", undefined],
      ["not json", 400, "INVALID_INPUT", undefined],
      [
        { input: "curl https://x/ -d " + "a".repeat(1 << 20) },
        413,
        "INVALID_INPUT",
        undefined,
      ],
      // Thousands of nested literals: a clear 400, not a stack overflow.
      [
        { input: "fetch('https://x/', " + "[".repeat(8000) + ")" },
        400,
        "INVALID_INPUT",
        276,
      ],
    ];
    for (const [body, status, code, offset] of cases) {
      const answer = await post(server.origin, body);
      const label = JSON.stringify(body).slice(0, 60);
      assert.equal(answer.status, status, label);
      assert.equal(answer.json.error?.code, code, label);
      assert.equal(answer.json.error?.offset, offset, label);
      assert.equal(typeof answer.json.error?.message, "string");
    }
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: an oversized body is refused with 413 before it is read whole", async () => {
  const server = startServer();
  try {
    // 512 MiB streamed without a length: the answer must come long before
    // the stream ends, so the producer stops after a few chunks.
    let sent = 0;
    const chunk = new Uint8Array(1 << 20).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 512) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.origin}/api/convert`, {
      signal: fetchSignal(),
      method: "POST",
      body,
    });
    assert.equal(response.status, 413);
    assert.equal((await response.json()).error.code, "INVALID_INPUT");
    assert.ok(sent < 512, `${sent} MiB were sent before the answer`);
  } finally {
    await server.close();
  }
});

Deno.test("GET / serves the self-contained playground page", async () => {
  const server = startServer();
  try {
    const response = await fetch(`${server.origin}/`, {
      signal: fetchSignal(),
    });
    const html = await response.text();
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
    assert.ok(html.includes('id="input"') && html.includes("/api/convert"));
    // No external assets: nothing is loaded from another origin.
    assert.doesNotMatch(html, /(src|href)\s*=\s*["']?(https?:)?\/\//i);
    const etag = response.headers.get("etag");
    assert.ok(etag);
    const again = await fetch(`${server.origin}/`, {
      signal: fetchSignal(),
      headers: { "if-none-match": etag },
    });
    await again.body?.cancel();
    assert.equal(again.status, 304);
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: the parser's warnings come with the answer", async () => {
  const server = startServer();
  try {
    const input = "curl -sL -d @payload.json https://example.com/upload";
    const { status, json } = await post(server.origin, { input });
    assert.equal(status, 200);
    assert.equal(json.request.body, "@payload.json");
    assert.deepEqual(
      json.warnings.map(({ code, option, offset }) => ({
        code,
        option,
        word: input.slice(offset, offset! + option!.length + 1),
      })),
      [
        { code: "IGNORED_OPTION", option: "-s", word: "-sL" },
        { code: "IGNORED_OPTION", option: "-L", word: "-sL" },
        { code: "FILE_REFERENCE", option: "-d", word: "-d " },
      ],
    );
    assert.match(json.warnings[2].message, /@payload\.json/);
    const clean = await post(server.origin, { input: CURL });
    assert.deepEqual(clean.json.warnings, []);
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: har is a whole HAR 1.2 log, valid for har-validator", async () => {
  const server = startServer();
  try {
    for (const pretty of [true, false]) {
      const { json } = await post(server.origin, { input: CURL, pretty });
      const log = JSON.parse(json.har);
      assert.equal(log.log.version, "1.2");
      assert.equal(log.log.entries.length, 1);
      assert.equal(log.log.entries[0].request.method, "POST");
      await validator.har(log); // throws with the schema errors when invalid
    }
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: a HAR log with several entries converts the chosen one", async () => {
  const server = startServer();
  try {
    const entries = ["GET", "DELETE", "PUT"].map((method, i) => ({
      request: { method, url: `https://a.example/${i}`, headers: [] },
    }));
    const input = JSON.stringify({ log: { entries } });
    const first = await post(server.origin, { input });
    assert.equal(first.json.entries, 3);
    assert.equal(first.json.entry, 0);
    assert.equal(first.json.request.method, "GET");
    assert.deepEqual(first.json.entryLabels, [
      "GET https://a.example/0",
      "DELETE https://a.example/1",
      "PUT https://a.example/2",
    ]);
    const second = await post(server.origin, { input, entry: 1 });
    assert.equal(second.status, 200);
    assert.equal(second.json.entry, 1);
    assert.deepEqual(harToRequests(second.json.har)[0], {
      method: "DELETE",
      url: "https://a.example/1",
      headers: {},
      httpVersion: "1.1",
    });
    assert.ok(second.json.curl.includes("-X 'DELETE'"), second.json.curl);
    for (const entry of [3, -1, 1.5, "1"]) {
      const bad = await post(server.origin, { input, entry });
      assert.equal(bad.status, 400, String(entry));
      assert.equal(bad.json.error?.code, "INVALID_OPTION", String(entry));
    }
  } finally {
    await server.close();
  }
});

Deno.test("/api/convert: the fetch() call the CLI once refused", async () => {
  const server = startServer();
  try {
    const { json } = await post(server.origin, {
      input: 'fetch("https://a.example/x", { method: "DELETE" })',
    });
    assert.equal(json.type, "fetch");
    assert.deepEqual(json.request, {
      method: "DELETE",
      url: "https://a.example/x",
      headers: {},
    });
  } finally {
    await server.close();
  }
});

// Deno-only: what the PHP curl target's program does with the answer, run by
// the real PHP against a server that answers as a real one would, for the
// survivors of the thirteenth round's hand planting: a HEAD answered with a
// Content-Length and no body, an answer compressed because the request asked
// as `curl --compressed` does, and the HTTP version asked for.
import assert from "node:assert/strict";
import { generateCode } from "../../../src/convert/code.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import {
  readRequest,
  sentByCurl,
  wireHeader,
  type WireRequest,
} from "../_curl_wire.ts";
import { RUNNERS, skipReason } from "./_runners.ts";

const ignore = await skipReason("php-curl") !== undefined;

/**
 * Runs the php-curl program for `request` (its URL's origin replaced by a
 * local server's) against a server that answers every request with
 * `answer`; returns what arrived and what the program printed.
 */
async function runAgainst(
  request: HttpRequest,
  answer: (arrived: WireRequest) => Uint8Array,
) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  const arrived: WireRequest[] = [];
  const served: Promise<void>[] = [];
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        served.push((async () => {
          try {
            const wire = await readRequest(conn);
            if (wire !== null) {
              arrived.push(wire);
              await conn.write(answer(wire));
            }
          } catch {
            /* a client that hung up */
          } finally {
            conn.close();
          }
        })());
      }
    } catch { /* listener closed */ }
  })();
  try {
    const { code } = generateCode(
      { ...request, url: request.url.replace("http://a.test", origin) },
      { target: "php-curl" },
    );
    const result = await RUNNERS["php-curl"].run([code]);
    return { arrived, out: result.out, err: result.err, code };
  } finally {
    listener.close();
    await accepting;
    await Promise.all(served);
  }
}

function answerOf(head: string, body: Uint8Array = new Uint8Array()) {
  const bytes = new TextEncoder().encode(head + "\r\n");
  const out = new Uint8Array(bytes.length + body.length);
  out.set(bytes);
  out.set(body, bytes.length);
  return out;
}

/** The Accept-Encoding lines of a request, name and value as sent. */
function acceptEncoding(wire: WireRequest): [string, string][] {
  return wire.headers.filter(([n]) => n.toLowerCase() === "accept-encoding");
}

/** What the program printed after the runner's "=== file" line. */
function printed(out: string): string {
  return out.slice(out.indexOf("\n") + 1);
}

Deno.test({
  name:
    "php-curl: a HEAD program ends with the answer's head, though the answer names a Content-Length",
  ignore,
}, async () => {
  // As RFC 9110 says a HEAD answer may: the GET's length, no body. A custom
  // "HEAD" method would make libcurl read that many bytes, which never come.
  const run = await runAgainst(
    { method: "HEAD", url: "http://a.test/doc", headers: {} },
    () =>
      answerOf(
        "HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n",
      ),
  );
  assert.equal(run.arrived.length, 1);
  assert.equal(run.arrived[0].method, "HEAD");
  assert.equal(run.err, "", `${run.code}\n${run.err}`);
  assert.equal(printed(run.out), "");
});

Deno.test({
  name:
    "php-curl: a request with curl --compressed's Accept-Encoding, in any letter case, prints the decoded answer",
  ignore,
}, async () => {
  const text = "the answer, decoded by libcurl";
  const gzip = new Uint8Array(
    await new Response(
      new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer(),
  );
  const curlAsks = acceptEncoding(
    await sentByCurl((origin) => `curl --compressed ${origin}/z`),
  );
  assert.equal(curlAsks.length, 1);
  for (
    const name of ["Accept-Encoding", "accept-encoding", "ACCEPT-ENCODING"]
  ) {
    const run = await runAgainst(
      {
        method: "GET",
        url: "http://a.test/z",
        headers: { [name]: "deflate, gzip, br, zstd", "x-n": "1" },
      },
      () =>
        answerOf(
          "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n" +
            `Content-Length: ${gzip.length}\r\nConnection: close\r\n`,
          gzip,
        ),
    );
    assert.equal(run.err, "", `${run.code}\n${run.err}`);
    assert.equal(printed(run.out), text, name);
    // Asked for by libcurl, for the encodings it decodes, as curl
    // --compressed asks; the request's other headers sent beside it.
    assert.deepEqual(acceptEncoding(run.arrived[0]), curlAsks, name);
    assert.deepEqual(wireHeader(run.arrived[0], "x-n"), ["1"], name);
  }
});

Deno.test({
  name:
    "php-curl: any other Accept-Encoding is sent as given and the answer printed as it came",
  ignore,
}, async () => {
  const run = await runAgainst(
    {
      method: "GET",
      url: "http://a.test/z",
      headers: { "Accept-Encoding": "identity" },
    },
    () =>
      answerOf(
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n",
        new TextEncoder().encode("plain"),
      ),
  );
  assert.equal(run.err, "", `${run.code}\n${run.err}`);
  assert.equal(printed(run.out), "plain");
  assert.deepEqual(acceptEncoding(run.arrived[0]), [[
    "Accept-Encoding",
    "identity",
  ]]);
});

Deno.test({
  name: "php-curl: HTTP/1.0 is asked for on the wire, in each spelling",
  ignore,
}, async () => {
  for (const httpVersion of ["1.0", "HTTP/1.0", "http/1.0"]) {
    const run = await runAgainst(
      { method: "GET", url: "http://a.test/old", headers: {}, httpVersion },
      () =>
        answerOf(
          "HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n",
          new TextEncoder().encode("ok"),
        ),
    );
    assert.equal(run.err, "", `${run.code}\n${run.err}`);
    assert.equal(run.arrived[0].version, "HTTP/1.0", httpVersion);
  }
});

Deno.test("php-curl: HTTP/3 is asked for with libcurl's value, which every PHP version accepts", () => {
  // Neither the local server nor every libcurl speaks HTTP/3, so the code
  // itself is what can be checked: PHP names the constant only from 8.4.
  for (const httpVersion of ["3", "3.0", "HTTP/3"]) {
    const { code } = generateCode(
      { method: "GET", url: "https://a.test/", headers: {}, httpVersion },
      { target: "php-curl" },
    );
    assert.ok(code.includes("    CURLOPT_HTTP_VERSION => 30,\n"), code);
  }
  const { code } = generateCode(
    { method: "GET", url: "https://a.test/", headers: {}, httpVersion: "1.1" },
    { target: "php-curl" },
  );
  assert.ok(!code.includes("CURLOPT_HTTP_VERSION"), code);
});

Deno.test("php-curl: a GET without headers or body sets no header option", () => {
  // 'Content-Type:' keeps libcurl's form type off a body; without a body
  // there is none to keep off, and the program says only what it needs.
  const { code } = generateCode(
    { method: "GET", url: "https://a.test/", headers: {} },
    { target: "php-curl" },
  );
  assert.equal(
    code,
    "<?php\n\n$ch = curl_init('https://a.test/');\n" +
      "curl_setopt_array($ch, [\n    CURLOPT_RETURNTRANSFER => true,\n]);\n" +
      "$response = curl_exec($ch);\nif ($response === false) {\n" +
      "    throw new RuntimeException(curl_error($ch));\n}\necho $response;\n",
  );
});

Deno.test({
  name:
    "php-curl: a body's own Content-Type, in any letter case, is sent as given and no other",
  ignore,
}, async () => {
  for (const name of ["Content-Type", "content-type", "CONTENT-TYPE"]) {
    const run = await runAgainst(
      {
        method: "POST",
        url: "http://a.test/t",
        headers: { [name]: "text/plain", "x-n": "1" },
        body: "a=1",
      },
      () =>
        answerOf(
          "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n",
          new TextEncoder().encode("ok"),
        ),
    );
    assert.equal(run.err, "", `${run.code}\n${run.err}`);
    assert.deepEqual(wireHeader(run.arrived[0], "content-type"), [
      "text/plain",
    ], name);
    // "Content-Type:" only keeps libcurl's own form type off a body that
    // has no type: beside a given one it is noise in the program.
    assert.ok(!run.code.includes("'Content-Type:'"), run.code);
  }
});

Deno.test({
  name:
    "php-curl: a body without a Content-Type, beside other headers, is sent without one",
  ignore,
}, async () => {
  // libcurl would add its form type to CURLOPT_POSTFIELDS; curl -d does too,
  // but a request without a type must arrive without one.
  const run = await runAgainst(
    {
      method: "POST",
      url: "http://a.test/t",
      headers: { "x-n": "1" },
      body: "a=1",
    },
    () =>
      answerOf(
        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n",
        new TextEncoder().encode("ok"),
      ),
  );
  assert.equal(run.err, "", `${run.code}\n${run.err}`);
  assert.deepEqual(wireHeader(run.arrived[0], "content-type"), []);
  assert.deepEqual(wireHeader(run.arrived[0], "x-n"), ["1"]);
});

// Deno-only: what the PHP curl target's program does with the answer, run by
// the real PHP against a server that answers as a real one would, for the
// survivors of the thirteenth round's hand planting: a HEAD answered with a
// Content-Length and no body, an answer compressed because the request asked
// as `curl --compressed` does, and the HTTP version asked for.
import assert from "node:assert/strict";
import { generateCode } from "../../../src/convert/code.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import { sentByCurl, wireHeader, type WireRequest } from "../_curl_wire.ts";
import { captureEach } from "./_capture.ts";
import { RUNNERS, skipReason } from "./_runners.ts";
import { needs } from "../../_programs.ts";

const ignore = await skipReason("php-curl") !== undefined;

/**
 * Runs the php-curl program for `request` (its URL's origin replaced by a
 * local capture server's, which answers with `answer`: 200 "ok" unless
 * given), checks that PHP reported no error, and gives the one request that
 * arrived, what the program printed, and the program.
 */
async function runPhp(
  request: HttpRequest,
  answer?: (arrived: WireRequest) => Uint8Array,
) {
  const { result, requests } = await captureEach(1, async ([origin]) => {
    const { code } = generateCode(
      { ...request, url: request.url.replace("http://a.test", origin) },
      { target: "php-curl" },
    );
    return { code, run: await RUNNERS["php-curl"].run([code]) };
  }, answer);
  const { code, run } = result;
  assert.equal(run.err, "", `${code}\n${run.err}`);
  assert.equal(requests[0].length, 1, code);
  // The runner prints "=== file" before each program's own output.
  const printed = run.out.slice(run.out.indexOf("\n") + 1);
  return { wire: requests[0][0], printed, code };
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

Deno.test({
  name:
    "php-curl: a HEAD program ends with the answer's head, though the answer names a Content-Length",
  ignore,
}, async () => {
  // As RFC 9110 says a HEAD answer may: the GET's length, no body. A custom
  // "HEAD" method would make libcurl read that many bytes, which never come.
  const run = await runPhp(
    { method: "HEAD", url: "http://a.test/doc", headers: {} },
    () =>
      answerOf(
        "HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n",
      ),
  );
  assert.equal(run.wire.method, "HEAD");
  assert.equal(run.printed, "");
});

const COMPRESSED =
  "php-curl: a request with curl --compressed's Accept-Encoding, in any letter case, prints the decoded answer";
Deno.test({
  name: COMPRESSED,
  // It asks the real curl what --compressed sends, too.
  ignore: ignore || needs(COMPRESSED, "curl").ignore,
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
    const run = await runPhp(
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
    assert.equal(run.printed, text, name);
    // Asked for by libcurl, for the encodings it decodes, as curl
    // --compressed asks; the request's other headers sent beside it.
    assert.deepEqual(acceptEncoding(run.wire), curlAsks, name);
    assert.deepEqual(wireHeader(run.wire, "x-n"), ["1"], name);
  }
});

Deno.test({
  name:
    "php-curl: any other Accept-Encoding is sent as given and the answer printed as it came",
  ignore,
}, async () => {
  const run = await runPhp(
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
  assert.equal(run.printed, "plain");
  assert.deepEqual(acceptEncoding(run.wire), [[
    "Accept-Encoding",
    "identity",
  ]]);
});

Deno.test({
  name: "php-curl: HTTP/1.0 is asked for on the wire, in each spelling",
  ignore,
}, async () => {
  for (const httpVersion of ["1.0", "HTTP/1.0", "http/1.0"]) {
    const run = await runPhp(
      { method: "GET", url: "http://a.test/old", headers: {}, httpVersion },
      () =>
        answerOf(
          "HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n",
          new TextEncoder().encode("ok"),
        ),
    );
    assert.equal(run.wire.version, "HTTP/1.0", httpVersion);
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
    const run = await runPhp(
      {
        method: "POST",
        url: "http://a.test/t",
        headers: { [name]: "text/plain", "x-n": "1" },
        body: "a=1",
      },
    );
    assert.deepEqual(wireHeader(run.wire, "content-type"), [
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
  const run = await runPhp(
    {
      method: "POST",
      url: "http://a.test/t",
      headers: { "x-n": "1" },
      body: "a=1",
    },
  );
  assert.deepEqual(wireHeader(run.wire, "content-type"), []);
  assert.deepEqual(wireHeader(run.wire, "x-n"), ["1"]);
});

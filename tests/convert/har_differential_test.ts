// Differential test against httpsnippet@3.0.10: for HAR requests, our
// HAR → curl and HAR → raw HTTP are compared with httpsnippet's shell/curl and
// http/http1.1 targets by executing and parsing both outputs — never by
// string equality. Deno-only (npm peer, bash).
//
// Both curl commands are run through bash (a `curl` shell function prints its
// argv), the argv is checked to reparse to the same request, and both are
// parsed with our curl.toRequest; both raw messages are parsed with our
// string.parseRequest. Then method, URL, header multiset and body must agree,
// after these documented, deliberate differences:
//
// 1. Multipart bodies: curl `--form` (httpsnippet) makes curl pick its own
//    boundary, so the bodies are compared as lists of parts (name, filename,
//    content type, value), not bytes. httpsnippet's raw HTTP target writes
//    no multipart body at all for params-only postData whose values it
//    rebuilt (it prints the boundary it generated) — parts compared the same way.
// 2. Query strings: httpsnippet re-serialises the whole query from the union
//    of the URL and queryString with its own encoder; we keep the URL exactly
//    as the HAR wrote it (the URL the browser really requested) and append
//    only queryString pairs missing from it. Both encode a space as %20 here,
//    but a URL like `?tag=a+b` would be rewritten by httpsnippet, so URLs are
//    compared as decoded (name, value) lists.
// 3. Raw HTTP header names: httpsnippet title-cases names (`Content-Type`);
//    HTTP names are case-insensitive and our parser lowercases both.
// 4. httpsnippet mutates the HAR object it is given (it writes postData.text
//    and a boundary into it); it gets a copy here.
// 5. httpsnippet's raw target copies the exporter's version verbatim, e.g.
//    `GET /a http/2.0`, which is not an HTTP-version; we write `HTTP/2`. Their
//    request line is read as HTTP/2 before comparing.
// 6. httpsnippet's Content-Length counts UTF-16 code units (21 for a 26-byte
//    UTF-8 body); ours counts UTF-8 bytes as RFC 9110 requires. Each side is
//    checked against its rule, then the header is left out of the comparison.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { HTTPSnippet } from "npm:httpsnippet@3.0.10";
import { toRequest as harToRequest } from "../../src/convert/har.ts";
import * as curl from "../../src/convert/curl.ts";
import { parseRequest, stringifyRequest } from "../../src/convert/string.ts";
import type { HeaderMap, HttpRequest } from "../../src/convert/types.ts";
import { argvThroughBash } from "./_bash.ts";
import { HAR_CASES as CASES } from "./_har_cases.ts";

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Parses a curl command, after proving bash splits it the way we do. */
async function executeCurl(command: string): Promise<HttpRequest> {
  const parsed = curl.toRequest(command);
  const argv = await argvThroughBash(command);
  const fromArgv = curl.toRequest(`curl ${argv.map(quote).join(" ")}`);
  assert.deepEqual(
    fromArgv,
    parsed,
    `bash word-splits differently: ${command}`,
  );
  return parsed;
}

interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: string;
}

function multipartParts(body: string, contentType: string): Part[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  assert.ok(boundary, `no boundary in ${contentType}`);
  const parts: Part[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const [head, ...rest] = chunk.replace(/^\r\n/, "").split("\r\n\r\n");
    const value = rest.join("\r\n\r\n").replace(/\r\n$/, "");
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    const part: Part = { name, value };
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) part.filename = filename;
    const type = /content-type:\s*(.+)/i.exec(head)?.[1];
    if (type !== undefined) part.type = type.trim();
    parts.push(part);
  }
  return parts;
}

function queryPairs(url: URL): string[][] {
  return [...url.searchParams.entries()].map(([k, v]) => [k, v]);
}

/** The comparable view of a request, with the documented normalisations. */
function normalise(request: HttpRequest) {
  const url = new URL(request.url);
  const headers: Array<[string, string]> = [];
  const map: HeaderMap = request.headers;
  let contentType = "";
  for (const [name, value] of Object.entries(map)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (name === "content-type") contentType = item;
      headers.push([name.toLowerCase(), item]);
    }
  }
  // Difference 1: multipart boundaries are arbitrary.
  const isMultipart = contentType.startsWith("multipart/form-data");
  const body = request.body === undefined || request.body === ""
    ? undefined
    : isMultipart
    ? multipartParts(request.body, contentType)
    : request.body;
  return {
    method: request.method,
    origin: url.origin,
    path: url.pathname,
    // Difference 2: compare decoded query pairs.
    query: queryPairs(url),
    headers: headers
      .map(([n, v]) =>
        n === "content-type" && isMultipart
          ? [n, "multipart/form-data"]
          : [n, v]
      )
      .map(([n, v]) => `${n}: ${v}`)
      .sort(),
    body,
  };
}

function theirs(
  harRequest: Record<string, unknown>,
  target: "shell" | "http",
  client: string,
): string {
  // httpsnippet mutates its input (adds postData.text and a boundary):
  // give it a copy so our converter reads the HAR as written.
  const output = new HTTPSnippet(structuredClone(harRequest) as never)
    .convert(target, client);
  assert.equal(typeof output, "string");
  return output as string;
}

describe("HAR → curl and HAR → raw HTTP agree with httpsnippet@3.0.10", () => {
  it(`has at least 15 cases (${CASES.length})`, () => {
    assert.ok(CASES.length >= 15);
  });

  for (const { name, request } of CASES) {
    it(`curl: ${name}`, async () => {
      const ours = await executeCurl(
        await curl.fromRequest(harToRequest(request)),
      );
      const snippet = await executeCurl(theirs(request, "shell", "curl"));
      assert.deepEqual(normalise(ours), normalise(snippet));
    });

    it(`raw HTTP: ${name}`, async () => {
      const plain = harToRequest(request);
      const scheme = new URL(plain.url).protocol === "https:"
        ? "https"
        : "http";
      const ours = parseRequest(
        await stringifyRequest(plain, { absoluteUrl: false }),
        { scheme },
      );
      // Difference 5: httpsnippet copies the exporter's version verbatim
      // ("http/2.0" is not an HTTP-version); read it as HTTP/2.
      const raw = theirs(request, "http", "http1.1")
        .replace(/^(\S+ \S+) http\/2\.0\r\n/, "$1 HTTP/2\r\n");
      const snippet = parseRequest(raw, { scheme });
      // Difference 6: httpsnippet's Content-Length counts UTF-16 code units;
      // ours counts UTF-8 bytes, which is what Content-Length means.
      if (plain.body) {
        assert.equal(
          ours.headers["content-length"],
          String(new TextEncoder().encode(ours.body).length),
        );
        assert.equal(
          snippet.headers["content-length"],
          String(snippet.body!.length),
        );
        delete ours.headers["content-length"];
        delete snippet.headers["content-length"];
      }
      assert.deepEqual(normalise(ours), normalise(snippet));
    });
  }
});

// Deno-only: what the Go net/http and PHP curl targets do beyond the shared
// corpus — the headers net/http writes itself (Host, Content-Length,
// User-Agent), paths Go's URL type would re-spell, libcurl's header forms —
// on the wire against real curl, plus their typed refusals and warnings and
// gofmt-clean Go.
import assert from "node:assert/strict";
import {
  ConversionError,
  findTarget,
  generateCode,
} from "../../../src/convert/code.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import { run } from "../../_bounded.ts";
import { needs } from "../../_programs.ts";
import { corpus } from "./_corpus.ts";
import {
  at,
  checkTarget,
  curlReference,
  ORIGIN,
  type TargetRun,
  type WireCase,
} from "./_suite.ts";
import { skipReason } from "./_runners.ts";

const CASES: WireCase[] = [
  {
    name: "a Host header (net/http takes it from req.Host only)",
    request: {
      method: "GET",
      url: `${ORIGIN}/vhost`,
      headers: { Host: "virtual.example" },
    },
  },
  {
    name: "a lone % and a | in the path (url.Parse rejects the one)",
    request: { method: "GET", url: `${ORIGIN}/100%/a|b?q=1%`, headers: {} },
  },
  {
    name: "an encoded / beside a character Go re-escapes",
    request: { method: "GET", url: `${ORIGIN}/a%2Fb|c^d`, headers: {} },
  },
  {
    name: "a non-ASCII path and query, a fragment with a lone %",
    request: { method: "GET", url: `${ORIGIN}/café/ü?q=é#f%zz`, headers: {} },
  },
  {
    name: "dot segments in the path (libcurl would remove them)",
    request: { method: "GET", url: `${ORIGIN}/a/./b/../c/..`, headers: {} },
  },
  {
    name: "a browser's Content-Length: 0 on a body-less DELETE",
    request: {
      method: "DELETE",
      url: `${ORIGIN}/item`,
      headers: { "content-length": "0" },
    },
  },
  {
    name: "a Content-Length equal to the body's",
    request: {
      method: "PUT",
      url: `${ORIGIN}/put`,
      headers: { "Content-Length": "5", "content-type": "text/plain" },
      body: "é123",
    },
  },
  {
    name: "a lower-case method with a body",
    request: {
      method: "patch",
      url: `${ORIGIN}/lower`,
      headers: { "content-type": "application/json" },
      body: '{"a": 1}',
    },
  },
  {
    name: "a method with a dash",
    request: { method: "M-SEARCH", url: `${ORIGIN}/ssdp`, headers: {} },
  },
  {
    name: "a header repeated in two letter cases, then an empty one",
    request: {
      method: "GET",
      url: `${ORIGIN}/repeat`,
      headers: { "X-M": "1", "x-m": ["2", "3"], "x-empty": "" },
    },
  },
  {
    name: "HEAD",
    request: { method: "HEAD", url: `${ORIGIN}/head`, headers: {} },
  },
  {
    name: "a body on GET and on OPTIONS",
    request: {
      method: "OPTIONS",
      url: `${ORIGIN}/options`,
      headers: {},
      body: "x=1",
    },
  },
  {
    name: "a body with a backquote, CR and a tab; PHP's $ and {$} beside a tab",
    request: {
      method: "POST",
      url: `${ORIGIN}/raw`,
      headers: { "x-d": "$x {$y} ${z}\t\\$", "content-type": "text/plain" },
      body: "a`b\r\n\t$x {$y} \\\\\"'",
    },
  },
  {
    name: "a multi-line JSON body (a raw Go string)",
    request: {
      method: "POST",
      url: `${ORIGIN}/json`,
      headers: { "content-type": "application/json" },
      body: '{\n\t"a": "b\\"c",\n\t"d": "%s %v"\n}\n',
    },
  },
  {
    name: "the request's own User-Agent and curl's --compressed encodings",
    request: {
      method: "GET",
      url: `${ORIGIN}/agent`,
      headers: {
        "user-agent": "mine/1.0",
        "accept-encoding": "deflate, gzip, br, zstd",
      },
    },
  },
];

let reference: Promise<TargetRun> | undefined;

for (const id of ["go-net-http", "php-curl"]) {
  const name = `${id}: net/http's and libcurl's own rules send what curl sends`;
  const ignore = needs(name, "curl").ignore ||
    await skipReason(id) !== undefined;
  Deno.test({ name, ignore }, async () => {
    reference ??= curlReference(CASES);
    const curl = await reference;
    // Every case reached curl's capture server: none is skipped below.
    assert.ok(curl.sent.every((sent) => "method" in sent), curl.stderr);
    const target = findTarget(id);
    const outcome = await checkTarget(target, CASES, curl);
    assert.deepEqual(outcome.failures, [], outcome.failures.join("\n"));
    assert.deepEqual([...outcome.refused], []);
    assert.equal(outcome.checked, CASES.length);
  });
}

const BASE: HttpRequest = {
  method: "GET",
  url: "https://a.test/",
  headers: {},
};

function refusal(request: HttpRequest, target: string): ConversionError {
  try {
    generateCode(request, { target });
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    return error;
  }
  assert.fail(`${target} generated code for ${JSON.stringify(request)}`);
}

Deno.test("go-net-http: what net/http cannot send as given is UNSUPPORTED_BY_TARGET", () => {
  const refused: HttpRequest[] = [
    { ...BASE, method: "CONNECT" },
    { ...BASE, url: "ftp://a.test/file" },
    { ...BASE, headers: { "x-a": "a\x01b" } },
    { ...BASE, headers: { "x-a": "a\x7fb" } },
    { ...BASE, headers: { "user-agent": "" } },
    { ...BASE, headers: { "User-Agent": "a", "user-agent": "b" } },
    { ...BASE, headers: { host: ["a.test", "b.test"] } },
    { ...BASE, headers: { "transfer-encoding": "chunked" } },
    { ...BASE, headers: { trailer: "x-t" } },
    { ...BASE, method: "POST", headers: { "content-length": "9" }, body: "x" },
    { ...BASE, method: "GET", headers: { "content-length": "1" } },
  ];
  for (const request of refused) {
    const error = refusal(request, "go-net-http");
    assert.equal(error.code, "UNSUPPORTED_BY_TARGET", JSON.stringify(request));
    assert.match(error.message, /^Go net\/http: /);
  }
  // A tab is a valid header character, and a lower-case method is sent as is.
  const { code } = generateCode(
    { ...BASE, method: "purge", headers: { "x-a": "a\tb" } },
    { target: "go-net-http" },
  );
  assert.ok(code.includes('http.NewRequest("purge", '), code);
  // Header.Set writes the canonical name whatever the code says.
  assert.ok(code.includes('req.Header.Set("X-A", "a\\tb")'), code);
});

Deno.test("go-net-http: HTTP/2 warns on http:// only (TLS negotiates it), HTTP/1.0 always", () => {
  const warned = (url: string, httpVersion: string) =>
    generateCode({ ...BASE, url, httpVersion }, { target: "go-net-http" })
      .warnings.map((w) => w.code);
  assert.deepEqual(warned("http://a.test/", "2"), ["HTTP_VERSION_IGNORED"]);
  assert.deepEqual(warned("HTTPS://a.test/", "HTTP/2"), []);
  assert.deepEqual(warned("https://a.test/", "1.0"), ["HTTP_VERSION_IGNORED"]);
  assert.deepEqual(warned("https://a.test/", "3"), ["HTTP_VERSION_IGNORED"]);
  assert.deepEqual(warned("http://a.test/", "1.1"), []);
});

Deno.test("php-curl: libcurl sends what curl sends, so nothing the shared checks pass is refused", () => {
  const { code, warnings } = generateCode({
    ...BASE,
    method: "purge",
    httpVersion: "2",
    headers: { "x-m": ["1", "2"], "user-agent": "" },
    body: "a\0b",
  }, { target: "php-curl" });
  assert.deepEqual(warnings, []);
  assert.ok(code.includes("CURLOPT_CUSTOMREQUEST => 'purge'"), code);
  assert.ok(
    code.includes("CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_2_0"),
    code,
  );
  assert.ok(code.includes("'x-m: 1',\n        'x-m: 2',"), code);
  // An empty value is libcurl's "Name;" ("Name:" would remove the header).
  assert.ok(code.includes("'user-agent;'"), code);
  assert.ok(code.includes('CURLOPT_POSTFIELDS => "a\\x00b"'), code);
  // CR or LF never reaches a header line.
  assert.equal(
    refusal({ ...BASE, headers: { "x-a": "a\r\nx-b: 1" } }, "php-curl").code,
    "INVALID_HEADER",
  );
});

{
  const name = "go-net-http: the code of every corpus case is gofmt-clean";
  const ignore = await skipReason("go-net-http") !== undefined;
  Deno.test({ name, ignore }, async () => {
    const temp = await Deno.makeTempDir({ prefix: "switchyard-gofmt-" });
    try {
      let written = 0;
      for (const [i, wireCase] of [...corpus(), ...CASES].entries()) {
        try {
          const { code } = generateCode(
            at(wireCase.request, "http://127.0.0.1:8080"),
            { target: "go-net-http", pretty: i % 2 === 1 },
          );
          await Deno.writeTextFile(`${temp}/p${i}.go`, code);
          written++;
        } catch (error) {
          if (!(error instanceof ConversionError)) throw error;
        }
      }
      assert.ok(written > 200, `${written} programs`);
      const gofmt = await run("gofmt", { args: ["-l", temp] });
      assert.ok(gofmt.success, gofmt.err);
      assert.equal(gofmt.out, "", `not gofmt-clean:\n${gofmt.out}`);
    } finally {
      await Deno.remove(temp, { recursive: true });
    }
  });
}

// Header names are case-insensitive (RFC 9110 §5.1): every target must find
// the request's own Content-Type, Host, Authorization, Cookie and
// Accept-Encoding however they are spelled. Round 22's convert draw found
// node-axios matching only `content-type` (it then stated
// `"Content-Type": false` after a `Content-Type` header, so axios sent no
// type); the wire suite would see it, but it needs each client installed.
// Here, without any interpreter: the code for a request whose names are
// spelled in lower case, Title-Case or upper case is the same code apart
// from the names' spelling (or the same refusal).
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError, targets, toCode } from "../../../src/convert/code.ts";
import type { HeaderMap, HttpRequest } from "../../../src/convert/types.ts";
import { COMPRESSED_ACCEPT_ENCODING } from "../../../src/convert/_curl_command.ts";

const SPELLINGS: Array<(name: string) => string> = [
  (name) => name,
  (name) =>
    name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase()),
  (name) => name.toUpperCase(),
];

/** Requests whose headers some target looks up by name. */
const REQUESTS: Array<[string, HttpRequest]> = [
  ["a typed body", {
    method: "POST",
    url: "https://a.test/p",
    headers: { "content-type": "text/plain", accept: "*/*" },
    body: "x",
  }],
  ["an untyped body", {
    method: "PUT",
    url: "https://a.test/p",
    headers: { "x-a": "1" },
    body: "x",
  }],
  ["curl's --compressed header", {
    method: "GET",
    url: "https://a.test/p",
    headers: { "accept-encoding": COMPRESSED_ACCEPT_ENCODING },
  }],
  ["two cookies", {
    method: "GET",
    url: "https://a.test/p",
    headers: { cookie: ["a=1", "b=2"] },
  }],
  ["one cookie", {
    method: "GET",
    url: "https://a.test/p",
    headers: { cookie: "a=1" },
  }],
  ["credentials and the same Authorization", {
    method: "GET",
    url: "https://u:p@a.test/p",
    headers: { authorization: "Basic dTpw" },
  }],
  ["credentials and another Authorization", {
    method: "GET",
    url: "https://u:p@a.test/p",
    headers: { authorization: "Bearer t" },
  }],
  ["a path and a Host header", {
    method: "GET",
    url: "/p",
    headers: { host: "a.test" },
  }],
  ["two Hosts, two User-Agents", {
    method: "GET",
    url: "https://a.test/p",
    headers: { host: ["a.test", "b.test"], "user-agent": ["a", "b"] },
  }],
  ["headers the client writes itself", {
    method: "POST",
    url: "https://a.test/p",
    headers: { "content-length": "1", "transfer-encoding": "chunked" },
    body: "x",
  }],
  ["a Trailer", {
    method: "GET",
    url: "https://a.test/p",
    headers: { trailer: "x" },
  }],
  ["a zero Content-Length without a body", {
    method: "DELETE",
    url: "https://a.test/p",
    headers: { "content-length": "0" },
  }],
];

function spelled(headers: HeaderMap, spell: (name: string) => string) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [spell(name), value]),
  );
}

/** The code and its warnings lower-cased (names compare so), or the refusal's code. */
async function outcome(request: HttpRequest, target: string): Promise<string> {
  try {
    const { code, warnings } = await toCode(request, { target });
    return `${code}\n${JSON.stringify(warnings)}`.toLowerCase();
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    return `refused: ${error.code}`;
  }
}

describe("code targets: header names in any letter case", () => {
  it("give the same code apart from their spelling, on every target", async () => {
    for (const target of targets) {
      for (const [what, request] of REQUESTS) {
        const [first, ...others] = await Promise.all(
          SPELLINGS.map((spell) =>
            outcome(
              { ...request, headers: spelled(request.headers, spell) },
              target.id,
            )
          ),
        );
        for (const other of others) {
          assert.equal(other, first, `${target.id}: ${what}`);
        }
      }
    }
  });

  it("one name spelled two ways is the same name twice, on every target", async () => {
    for (const target of targets) {
      for (const name of ["x-a", "cookie", "host", "content-length"]) {
        const request = { method: "GET", url: "https://a.test/p" };
        const twice = await outcome({
          ...request,
          headers: { [name]: ["1", "2"] },
        }, target.id);
        const spelledTwice = await outcome({
          ...request,
          headers: { [name]: "1", [name.toUpperCase()]: "2" },
        }, target.id);
        assert.equal(spelledTwice, twice, `${target.id}: ${name}`);
      }
    }
  });
});

// Deno-only: generated curl commands run through real bash with a fake curl
// that prints its argv; every hostile value must arrive byte for byte.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fromRequest } from "../../src/convert/curl.ts";
import type { HttpRequest } from "../../src/convert/curl.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { curlEncodedUrl } from "./_curl_url.ts";
import { HOSTILE } from "./_hostile.ts";
import { argvThroughBash } from "./_bash.ts";

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hostile(next: () => number, leading = ""): string {
  let value = leading;
  const parts = 1 + Math.floor(next() * 5);
  for (let i = 0; i < parts; i++) {
    value += HOSTILE[Math.floor(next() * HOSTILE.length)];
    if (next() < 0.3) value += "plain";
  }
  return value;
}

/**
 * A header value or method that can be sent: CR, LF and NUL would inject a
 * line and are refused by every writer (tested below), so they are left out
 * of those two; the URL and body keep them.
 */
function sendable(value: string): string {
  return value.replace(/[\r\n\0]/g, "");
}

// Token characters a shell treats specially: the method must still arrive.
const METHOD_TOKENS = [
  "`id`",
  "$HOME",
  "!!",
  "'",
  "&&",
  "|",
  "*",
  "~",
  "#",
  "%s",
];

function hostileRequest(seed: number): HttpRequest {
  const next = rng(seed);
  const headers: Record<string, string | string[]> = {
    "x-a": sendable(hostile(next)),
    "x-b": [sendable(hostile(next, "-")), sendable(hostile(next, "--"))],
    "content-type": sendable(hostile(next)),
  };
  return {
    method: seed % 3 === 0
      ? "POST"
      : "X" + METHOD_TOKENS[Math.floor(next() * METHOD_TOKENS.length)] +
        METHOD_TOKENS[Math.floor(next() * METHOD_TOKENS.length)],
    url: (seed % 5 === 0 ? "-" : "https://example.com/") + hostile(next),
    headers,
    body: hostile(next, seed % 2 === 0 ? "@" : "-"),
  };
}

/** What curl must receive: the values of the request, each one intact (the URL percent-encoded where curl refuses raw characters). */
function checkArgv(argv: string[], request: HttpRequest): void {
  const url = argv[0] === "--url" ? argv[1] : argv[0];
  assert.equal(url, curlEncodedUrl(request.url));
  const headerArgs = argv.flatMap((arg, i) =>
    argv[i - 1] === "-H" && i > 0 ? [arg] : []
  );
  // A blank value (what C's isspace skips) is sent as curl's empty `name;`:
  // `name: ` followed by blanks would make curl drop the header.
  const expected = Object.entries(request.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) =>
      /^[ \t\n\v\f\r]*$/.test(v) ? `${name};` : `${name}: ${v}`
    )
  );
  assert.deepEqual(headerArgs, expected);
  assert.equal(argv[argv.indexOf("--data-raw") + 1], request.body);
  const x = argv.indexOf("-X");
  assert.equal(x === -1 ? "POST" : argv[x + 1], request.method);
}

describe("curl.fromRequest output through real bash", () => {
  it("delivers hostile values intact (one line and pretty)", async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const request = hostileRequest(seed);
      for (const pretty of [false, true]) {
        const command = await fromRequest(request, { pretty });
        checkArgv(await argvThroughBash(command, { history: true }), request);
      }
    }
  });

  it("the scanner splits generated commands exactly as bash does", async () => {
    for (let seed = 100; seed < 140; seed++) {
      const command = await fromRequest(hostileRequest(seed), {
        pretty: seed % 2 === 0,
      });
      const words = scanWords(command).words.map((w) => w.value);
      assert.equal(words[0], "curl");
      assert.deepEqual(
        words.slice(1),
        await argvThroughBash(command, { history: true }),
      );
    }
  });

  it("the scanner splits hand-written shell quoting exactly as bash does", async () => {
    const snippets = readFileSync(
      new URL("../fixtures/curl/shell_snippets.txt", import.meta.url),
      "utf8",
    )
      .split("\n----\n").map((s) => s.replace(/\n$/, ""));
    assert.ok(snippets.length >= 10);
    for (const command of snippets) {
      const words = scanWords(command).words.map((w) => w.value);
      assert.deepEqual(
        words.slice(1),
        await argvThroughBash(command, { history: true }),
        command,
      );
    }
  });
});

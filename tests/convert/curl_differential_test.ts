// Deno-only: our curl.toRequest against curlconverter's toHarString on a
// corpus written for this project. Where the two disagree, the difference is
// listed below with the reason ours follows curl (checked against curl 7.88).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { toHarString } from "npm:curlconverter@4.12.0";
import { toRequest } from "../../src/convert/curl.ts";

type Field = "method" | "url" | "headers" | "body";
interface Comparable {
  method: string;
  url: string;
  headers: string[];
  body: string | undefined;
}
interface HarRequest {
  method: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
  cookies: Array<{ name: string; value: string }>;
  queryString: Array<{ name: string; value: string }>;
  postData?: { text?: string; params?: Array<{ name: string; value: string }> };
}

const corpus = readFileSync(
  new URL("../fixtures/curl/corpus.txt", import.meta.url),
  "utf8",
)
  .split("\n").filter((line) => line.trim() !== "");

/** Differences from curlconverter: command → fields that differ → why ours is right. */
const KNOWN_DIFFERENCES: Record<string, Partial<Record<Field, string>>> = {
  "curl --compressed https://compressed.example.com/": {
    headers:
      "curl 7.88 sends `Accept-Encoding: deflate, gzip, br, zstd` for --compressed " +
      "(seen on the wire); curlconverter's HAR leaves the header out.",
  },
  "curl -H 'Cookie: a=1' -H 'Cookie: b=2' https://twocookies.example.com/": {
    headers:
      "curl sends -H headers verbatim, so two Cookie lines go out; curlconverter " +
      "merges them into one. Ours keeps both values, as the wire has them.",
  },
  "curl -F 'name=Ada' https://multipart.example.com/": {
    headers:
      "curl sends `Content-Type: multipart/form-data; boundary=…`; curlconverter's HAR " +
      "has no content type for -F.",
    body:
      "curl sends a multipart body; curlconverter's HAR has no postData for -F. Ours builds " +
      "the body curl builds, with a fixed boundary instead of a random one.",
  },
};

function canonicalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Form pairs, decoded, as curlconverter's `postData.params` holds them. */
function formPairs(body: string): string {
  return [...new URLSearchParams(body)].map(([name, value]) =>
    `${name}=${value}`
  ).join("&");
}

function ours(command: string, decodeForm: boolean): Comparable {
  const request = toRequest(command);
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`)
  );
  const body = decodeForm && request.body !== undefined
    ? formPairs(request.body)
    : request.body;
  return {
    method: request.method,
    url: canonicalUrl(request.url),
    headers: headers.sort(),
    body,
  };
}

function theirs(command: string): Comparable {
  const har = JSON.parse(toHarString(command)) as {
    log: { entries: Array<{ request: HarRequest }> };
  };
  const request = har.log.entries[0].request;
  const headers = request.headers.map((h) =>
    `${h.name.toLowerCase()}: ${h.value}`
  );
  // curlconverter's HAR moves cookies out of the headers into `cookies`.
  if (
    request.cookies.length > 0 && !headers.some((h) => h.startsWith("cookie: "))
  ) {
    headers.push(
      "cookie: " +
        request.cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    );
  }
  const postData = request.postData;
  const body = postData?.text ??
    postData?.params?.map((p) => `${p.name}=${p.value}`).join("&");
  // curlconverter's HAR keeps the query in `queryString`, beside the url.
  const url = new URL(request.url);
  for (const { name, value } of request.queryString) {
    url.searchParams.append(name, value);
  }
  return {
    method: request.method,
    url: canonicalUrl(url.href),
    headers: headers.sort(),
    body,
  };
}

function theirHasText(command: string): boolean {
  const har = JSON.parse(toHarString(command)) as {
    log: { entries: Array<{ request: HarRequest }> };
  };
  return har.log.entries[0].request.postData?.text !== undefined;
}

describe("curl.toRequest vs curlconverter@4.12.0 toHarString", () => {
  it("the corpus has at least 60 commands", () => {
    assert.ok(corpus.length >= 60, `${corpus.length} commands`);
  });

  for (const command of corpus) {
    it(command, () => {
      const b = theirs(command);
      const a = ours(command, b.body !== undefined && !theirHasText(command));
      const known = KNOWN_DIFFERENCES[command] ?? {};
      for (const field of ["method", "url", "headers", "body"] as const) {
        if (known[field] !== undefined) {
          assert.notDeepEqual(
            a[field],
            b[field],
            `documented difference in ${field} no longer exists`,
          );
        } else {
          assert.deepEqual(a[field], b[field], `${field} differs`);
        }
      }
    });
  }
});

// Tests for the HAR writer's survivors of the eleventh round's hand planting
// (the writer's log options, native messages, the status and the default
// origin), each asserting what a user of the HAR module relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  fromRequest,
  fromResponse,
  type HarPage,
  toLog,
} from "../../src/convert/har.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import type { HttpResponse } from "../../src/convert/types.ts";
import { fetchSignal, shutdownBounded } from "../_bounded.ts";

const at = { startedDateTime: "2024-05-01T12:00:00.000Z" };

function response(statusCode: number, headers: HttpResponse["headers"] = {}) {
  return { statusCode, statusText: "", httpVersion: "HTTP/1.1", headers };
}

function refused(code: string, path: string | undefined) {
  return (error: unknown): boolean => {
    assert.ok(
      error instanceof ConversionError,
      `not a ConversionError: ${error}`,
    );
    assert.equal(error.code, code);
    assert.equal(error.path, path);
    return true;
  };
}

describe("toLog: the log's own optional fields", () => {
  it("writes the browser, pages and comment given, and no key for those not given", async () => {
    const entry = await fromRequest(
      { method: "GET", url: "https://e.x/", headers: {} },
      { ...at, pageref: "page_1", connection: "52431", comment: "first" },
    );
    assert.equal(entry.pageref, "page_1");
    assert.equal(entry.connection, "52431");
    assert.equal(entry.comment, "first");
    const browser = { name: "Firefox", version: "126.0" };
    const pages: HarPage[] = [{
      startedDateTime: at.startedDateTime,
      id: "page_1",
      title: "Home",
      pageTimings: { onContentLoad: 10, onLoad: 20 },
    }];
    const har = toLog([entry], { browser, pages, comment: "exported" });
    assert.deepEqual(har.log.browser, browser);
    assert.deepEqual(har.log.pages, pages);
    assert.equal(har.log.comment, "exported");
    // Not given (or empty): absent, so a validator sees no undefined field.
    for (
      const log of [toLog([entry]).log, toLog([entry], { comment: "" }).log]
    ) {
      assert.deepEqual(Object.keys(log).sort(), [
        "creator",
        "entries",
        "version",
      ]);
    }
    const plain = await fromRequest(
      { method: "GET", url: "https://e.x/", headers: {} },
      at,
    );
    for (const key of ["pageref", "connection", "comment"]) {
      assert.equal(key in plain, false, key);
    }
  });
});

describe("fromResponse: a response alone", () => {
  it("names the URL a fetched Response answers as its request's URL", async () => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response("hi", { headers: { "content-type": "text/plain" } }),
    );
    try {
      const url = `http://127.0.0.1:${server.addr.port}/items?page=2`;
      const response = await fetch(url, { signal: fetchSignal() });
      const entry = await fromResponse(response, undefined, at);
      assert.equal(entry.request.method, "GET");
      assert.equal(entry.request.url, url);
      assert.deepEqual(entry.request.queryString, [{
        name: "page",
        value: "2",
      }]);
      assert.equal(entry.response.content.text, "hi");
      // The caller's response is still readable: a clone was read.
      assert.equal(await response.text(), "hi");
    } finally {
      await shutdownBounded(server);
    }
  });

  it("refuses a plain response header value that would inject a line, at any position", async () => {
    for (const value of ["a\r\nx-evil: 1", "\nb", "a\r", "a\0b"]) {
      await assert.rejects(
        fromResponse(
          response(200, { "X-Trace": value }),
          undefined,
          at,
        ),
        (error: unknown) => {
          assert.ok(error instanceof ConversionError);
          assert.equal(error.code, "INVALID_HEADER");
          return true;
        },
      );
    }
  });

  it("keeps status 0 (no response, as browsers export a blocked request) and refuses what is no status", async () => {
    const entry = await fromResponse(response(0), undefined, at);
    assert.equal(entry.response.status, 0);
    for (const statusCode of [-1, "-1", 1.5, 200.5, "abc", Number.NaN]) {
      await assert.rejects(
        fromResponse(response(statusCode as number), undefined, at),
        refused("INVALID_INPUT", "statusCode"),
        String(statusCode),
      );
    }
  });
});

describe("native messages without a body", () => {
  it("write no postData and no content text, not an empty body", async () => {
    for (const method of ["GET", "DELETE"]) {
      const entry = await fromRequest(
        new Request("https://e.x/a", { method }),
        at,
      );
      assert.equal("postData" in entry.request, false, method);
      assert.equal(entry.request.bodySize, 0);
    }
    const entry = await fromResponse(
      new Response(null, { status: 204 }),
      undefined,
      at,
    );
    assert.deepEqual(entry.response.content, { size: 0, mimeType: "" });
    // An empty body that is there is written as one.
    const empty = await fromResponse(new Response(""), undefined, at);
    assert.deepEqual(empty.response.content, {
      size: 0,
      mimeType: "text/plain;charset=UTF-8",
      text: "",
    });
  });
});

describe("fromRequest: defaultOrigin", () => {
  it("refuses an empty defaultOrigin as no URL rather than using localhost", async () => {
    for (const url of ["/a", "https://e.x/a"]) {
      await assert.rejects(
        fromRequest(
          { method: "GET", url, headers: {} },
          { ...at, defaultOrigin: "" },
        ),
        refused("INVALID_OPTION", "defaultOrigin"),
      );
    }
  });
});

describe("fromRequest: the entry's timings and version", () => {
  it("keeps a timing of 0 as 0 (a reused connection), and -1 only for what was not given", async () => {
    const given = { blocked: 0, dns: 0, connect: 0, ssl: 0, send: 0, wait: 5 };
    const entry = await fromRequest(
      { method: "GET", url: "https://e.x/", headers: {} },
      { ...at, timings: given },
    );
    assert.deepEqual(entry.timings, { ...given, receive: 0 });
    assert.equal(entry.time, 5);
    const blank = await fromRequest(
      { method: "GET", url: "https://e.x/", headers: {} },
      { ...at, timings: { wait: 1 } },
    );
    assert.deepEqual(blank.timings, {
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait: 1,
      receive: 0,
    });
  });

  it("writes a version it does not know as given, after HTTP/", async () => {
    for (
      const [httpVersion, written] of [["QUIC", "HTTP/QUIC"], ["h2", "HTTP/2"]]
    ) {
      const entry = await fromRequest(
        { method: "GET", url: "https://e.x/", headers: {}, httpVersion },
        at,
      );
      assert.equal(entry.request.httpVersion, written);
    }
  });
});

describe("fromRequest: a startedDateTime that is no date", () => {
  it("is INVALID_OPTION whose message names what was given", async () => {
    const cases: [unknown, string][] = [
      [null, "got null"],
      [5, "got number"],
      [{}, "got object"],
      ["yesterday", "not a valid date: yesterday"],
      [new Date(Number.NaN), "not a valid date: Invalid Date"],
    ];
    for (const [startedDateTime, text] of cases) {
      await assert.rejects(
        fromRequest({ method: "GET", url: "https://e.x/", headers: {} }, {
          startedDateTime: startedDateTime as string,
        }),
        (error: unknown) => {
          assert.ok(refused("INVALID_OPTION", "startedDateTime")(error));
          assert.ok(
            (error as Error).message.includes(text),
            (error as Error).message,
          );
          return true;
        },
      );
    }
  });
});

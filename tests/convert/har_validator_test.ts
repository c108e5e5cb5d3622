// Every kind of HAR the library writes is valid HAR 1.2 according to
// har-validator (the schema httpsnippet and request use). Deno-only: npm peer.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import validator from "npm:har-validator@5.1.5";
import {
  fromRequest,
  fromRequests,
  fromResponse,
  type Har,
  type HarEntry,
  type HttpRequest,
  toLog,
} from "../../src/convert/har.ts";
import { randomRequest } from "../../src/convert/random.ts";
import { allFormats } from "../../src/convert/core.ts";

async function assertValidHar(har: Har, label: string): Promise<void> {
  try {
    await validator.har(har);
  } catch (error) {
    const errors = (error as { errors?: unknown }).errors;
    assert.fail(`${label}: ${JSON.stringify(errors ?? String(error))}`);
  }
}

async function assertValidEntry(entry: HarEntry, label: string): Promise<void> {
  try {
    await validator.entry(entry);
    await validator.request(entry.request);
    await validator.response(entry.response);
  } catch (error) {
    const errors = (error as { errors?: unknown }).errors;
    assert.fail(`${label}: ${JSON.stringify(errors ?? String(error))}`);
  }
  await assertValidHar(toLog([entry]), label);
}

describe("har-validator@5.1.5 accepts every HAR we emit", () => {
  it("the validator rejects an invalid entry (the check can fail)", async () => {
    const entry = await fromRequest({
      method: "GET",
      url: "https://e.x/",
      headers: {},
    });
    const broken = { ...entry, request: { ...entry.request, url: 5 } };
    await assert.rejects(validator.entry(broken));
    await assert.rejects(validator.entry({ ...entry, timings: {} }));
  });

  it("request-only entries: relative, absolute, bodies, cookies, versions", async () => {
    const requests: HttpRequest[] = [
      { method: "GET", url: "/relative?x=1", headers: { host: "example.com" } },
      { method: "GET", url: "/no-host", headers: {} },
      { method: "GET", url: "https://example.com/a b?é=ü", headers: {} },
      {
        method: "POST",
        url: "https://example.com/form",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: "a=1; b=2",
        },
        body: "a=1&b=%zz&c",
        httpVersion: "2",
      },
      { method: "PUT", url: "https://e.x/", headers: {}, body: "" },
      {
        method: "OPTIONS",
        url: "*",
        headers: { host: "e.x" },
        httpVersion: "1.0",
      },
    ];
    for (const request of requests) {
      await assertValidEntry(
        await fromRequest(request),
        JSON.stringify(request),
      );
    }
    const binary = new Request("https://e.x/bin", {
      method: "POST",
      body: new Uint8Array([0, 0xff, 0x80]),
    });
    await assertValidEntry(await fromRequest(binary), "binary Request");
  });

  it("merged and response-only entries with cookies, binary content, timings", async () => {
    const response = {
      statusCode: 200,
      statusText: "OK",
      httpVersion: "3",
      headers: {
        "content-type": "text/plain",
        "set-cookie": [
          "sid=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure; SameSite=Lax",
          "x=2; Max-Age=60; Domain=e.x",
          "bad=3; Expires=not a date",
        ],
      },
      body: "hello",
    };
    await assertValidEntry(
      await fromResponse(
        response,
        { method: "GET", url: "https://e.x/", headers: {} },
        {
          timings: { dns: 1, connect: 2, ssl: 1, send: 1, wait: 3, receive: 1 },
          serverIPAddress: "127.0.0.1",
          connection: "1",
          comment: "c",
        },
      ),
      "merged",
    );
    await assertValidEntry(await fromResponse(response), "response only");
    await assertValidEntry(
      await fromResponse(new Response(new Uint8Array([0x89, 0xff]))),
      "binary Response",
    );
    await assertValidEntry(
      await fromResponse(new Response(null, { status: 204 })),
      "empty Response",
    );
  });

  it("allFormats' har and a 2,000-request random log", async () => {
    const requests = randomRequest({ seed: 3, count: 2000 });
    const { har } = await allFormats(requests[0]);
    await assertValidEntry(har, "allFormats");
    const log = await fromRequests(requests, {
      creator: { name: "test", version: "1" },
      startedDateTime: new Date(0),
    });
    await assertValidHar(log, "random log");
  });
});

// createRequest and createResponse: what the mutation draw of seed 20261203
// found unguarded, and bugs planted by hand in message.ts beside it; each
// test names the planted bug it catches.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  RouteError,
} from "../../src/router/mod.ts";

describe("createResponse: a status that carries no body", () => {
  // message.ts:89 (the `return` of the null-body branch dropped): a 204,
  // 205 or 304 went on to an empty byte body, which Response refuses.
  it("204, 205 and 304 answer with no body, their headers kept", async () => {
    for (const status of [204, 205, 304]) {
      const response = await createResponse`
        HTTP/1.1 ${status}
        ETag: "v1"
      `;
      assert.equal(response.status, status);
      assert.equal(response.body, null);
      assert.equal(response.headers.get("etag"), '"v1"');
      assert.equal(response.headers.get("content-length"), null);
    }
  });
});

describe("createRequest: a stream substituted as a value", () => {
  // message.ts:225 (`checkValues` dropped): a ReadableStream value went into
  // the request's body where every other template refuses it.
  it("is refused as INVALID_TEMPLATE, and the stream is left unread", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("payload"));
        controller.close();
      },
    });
    await assert.rejects(
      createRequest()`
        POST http://localhost/upload

        ${stream}
      `,
      (error: unknown) =>
        error instanceof RouteError && error.code === "INVALID_TEMPLATE",
    );
    assert.equal(stream.locked, false);
    await stream.cancel();
    // A function that returns the stream is the way, and is sent.
    const request = await createRequest()`
      POST http://localhost/upload

      ${() =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("payload"));
          controller.close();
        },
      })}
    `;
    assert.equal(await request.text(), "payload");
  });
});

// Planted by hand in message.ts (createRequest and createResponse) while
// the draw ran: each bug below passed the router's tests before these.
describe("createResponse and createRequest, planted by hand", () => {
  // createResponse's `checkValues` dropped: the rule the router guide gives
  // every template (a ReadableStream value is readable once) not applied.
  it("createResponse refuses a ReadableStream value as INVALID_TEMPLATE", async () => {
    const stream = new ReadableStream<Uint8Array>();
    await assert.rejects(
      createResponse`
        HTTP/1.1 200 OK

        ${stream}
      `,
      (error: unknown) =>
        error instanceof RouteError && error.code === "INVALID_TEMPLATE",
    );
    assert.equal(stream.locked, false);
  });

  // The `settle` of the head or of the body dropped (in either function):
  // a function substitution that answers with a promise was rendered before
  // it resolved.
  it("a function that returns a promise is awaited in the head and in the body", async () => {
    const response = await createResponse`
      HTTP/1.1 201 Created
      X-Id: ${() => Promise.resolve("7")}
      Content-Type: text/plain

      id ${() => Promise.resolve(7)}
    `;
    assert.equal(response.headers.get("x-id"), "7");
    assert.equal(await response.text(), "id 7");
    const request = await createRequest()`
      POST http://localhost/items
      X-Id: ${() => Promise.resolve("8")}
      Content-Type: text/plain

      id ${() => Promise.resolve(8)}
    `;
    assert.equal(request.headers.get("x-id"), "8");
    assert.equal(await request.text(), "id 8");
  });

  // `line.trim()` dropped from the request line: blanks after
  // `HTTP/1.1` made a fourth, empty word and the line was refused.
  it("blanks after the request line's version are ignored", async () => {
    const request = await createRequest()`POST http://localhost/a HTTP/1.1 \t
Content-Type: text/plain

x`;
    assert.equal(request.method, "POST");
    assert.equal(request.url, "http://localhost/a");
    assert.equal(await request.text(), "x");
  });

  // The request line's checks loosened (`&&`↔`||`): a method alone was
  // sent to the base URL as a path, a URL followed by a word read as GET of
  // the URL, and a target holding a blank cut at the blank.
  it("a request line that is not METHOD URL [version] is refused", async () => {
    const tag = createRequest({ baseUrl: "http://localhost/" });
    const lines = [
      () => tag`DELETE`,
      () => tag`http://localhost/a /b`,
      () => tag`GET /a b`,
      () => tag`GET /a b HTTP/1.1`,
    ];
    for (const line of lines) {
      await assert.rejects(
        line(),
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_TEMPLATE" &&
          /Invalid request line/.test(error.message),
      );
    }
    // A URL alone is a GET of that URL, with or without the version.
    assert.equal((await tag`http://localhost/a`).method, "GET");
    assert.equal(
      (await tag`http://localhost/a HTTP/1.1`).url,
      "http://localhost/a",
    );
  });

  // `words[0]` read as `words[1]`: the refusal of a method Fetch forbids
  // named the target instead of the method.
  it("a forbidden method is refused by name, in any letter case", async () => {
    for (const method of ["TRACE", "trace", "Connect"]) {
      await assert.rejects(
        createRequest()`${method} http://localhost/x`,
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_TEMPLATE" &&
          error.message.includes(`The method ${method} `),
      );
    }
  });

  // `method.toUpperCase()` dropped: a lower-case get or head with a body
  // reached `new Request`, whose TypeError replaced the RouteError.
  it("a body on get or head in any letter case is a RouteError", async () => {
    for (const method of ["get", "Head", "GET"]) {
      await assert.rejects(
        createRequest()`${method} http://localhost/x

body`,
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_TEMPLATE" &&
          error.message.includes("cannot have a body"),
      );
    }
    // Without a body it is sent, the method as Fetch normalizes it.
    assert.equal((await createRequest()`get http://localhost/x`).method, "GET");
  });
});

// How body substitutions are encoded: escaped in HTML and XML, JSON-encoded
// in JSON, as written elsewhere; raw() and html`` mark trusted text.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  createRoute,
  createRouter,
  html,
  raw,
} from "../../src/router/mod.ts";

const HOSTILE = `<script>alert("x" & 'y')</script>`;
const ESCAPED =
  "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;";

async function body(
  route: (request: Request) => Promise<Response>,
  url = "http://localhost/",
): Promise<string> {
  return await (await route(new Request(url))).text();
}

describe("HTML bodies escape substitutions", () => {
  it("the README quick start answers a reflected script as text", async () => {
    // The quick start's route, fed the request of the issue.
    const router = createRouter()
      .endpoint`GET /hello/:name`(createRoute()`
        HTTP/1.1 200 OK

        <p>Hello ${(_request, context) => context.params.name}!</p>
      `);
    const response = await router(
      new Request("http://localhost/hello/%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
    );
    assert.equal(
      response.headers.get("content-type"),
      "text/html; charset=utf-8",
    );
    const text = await response.text();
    assert.equal(text, "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;!</p>");
    assert.equal(text.includes("<script"), false);
  });

  it("escapes & < > \" ' in values, function results, arrays and async results", async () => {
    const route = createRoute()`${HOSTILE}|${() => HOSTILE}|${() =>
      Promise.resolve(HOSTILE)}|${() => ["<a>", 1, null]}|${7}|${null}`;
    assert.equal(
      await body(route),
      `${ESCAPED}|${ESCAPED}|${ESCAPED}|&lt;a&gt;1|7|`,
    );
  });

  it("raw() and html`` insert trusted markup; html`` escapes its own values", async () => {
    const items = ["Ada", "<b>"];
    const route = createRoute()`${raw("<hr>")}<ul>${() =>
      items.map((item) => html`<li title="${item}">${item}</li>`)}</ul>`;
    assert.equal(
      await body(route),
      '<hr><ul><li title="Ada">Ada</li><li title="&lt;b&gt;">&lt;b&gt;</li></ul>',
    );
    assert.equal(String(html`<i>${raw("<b>")}${"<"}</i>`), "<i><b>&lt;</i>");
  });

  it("escapes XML bodies and html+xml types, not text/plain or CSS", async () => {
    const xml = createRoute({ headers: { "content-type": "image/svg+xml" } })`
      <svg><text>${() => HOSTILE}</text></svg>`;
    assert.equal(await body(xml), `<svg><text>${ESCAPED}</text></svg>`);
    const plain = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/plain; charset=utf-8

      ${() => HOSTILE}`;
    assert.equal(await body(plain), HOSTILE);
  });

  it("escapes whatever the letter case of the media type (RFC 9110: case-insensitive)", async () => {
    for (
      const type of [
        "TEXT/HTML; Charset=UTF-8",
        "Text/Html",
        "Application/XHTML+XML",
        "Image/SVG+XML",
        "APPLICATION/XML",
      ]
    ) {
      const template = createRoute()`
        HTTP/1.1 200 OK
        CONTENT-TYPE: ${type}

        <p>${() => HOSTILE}</p>`;
      assert.equal(await body(template), `<p>${ESCAPED}</p>`, type);
      const written = createRoute()`
        HTTP/1.1 200 OK
        Content-Type: ${() => type}

        ${() => HOSTILE}`;
      assert.equal(await body(written), ESCAPED, `${type} (substituted)`);
      const option = createRoute({ headers: { "content-type": type } })`
        ${() => HOSTILE}`;
      assert.equal(await body(option), ESCAPED, `${type} (init)`);
    }
  });

  it("follows a Content-Type that a substitution writes", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: ${(request: Request) =>
      new URL(request.url).searchParams.get("type")}

      ${() => HOSTILE}`;
    assert.equal(
      await body(route, "http://localhost/?type=text/html"),
      ESCAPED,
    );
    assert.equal(
      await body(route, "http://localhost/?type=text/plain"),
      HOSTILE,
    );
  });

  it("escapes streamed substitutions and the text chunks of streams, not bytes", async () => {
    const slow = () =>
      new Promise((resolve) => setTimeout(() => resolve(HOSTILE), 1));
    const stream = () =>
      new ReadableStream({
        start(controller) {
          controller.enqueue("<i>");
          controller.enqueue(new TextEncoder().encode("<b>"));
          controller.close();
        },
      });
    const streamed = createRoute({ streaming: true })`${slow}|${stream}`;
    assert.equal(await body(streamed), `${ESCAPED}|&lt;i&gt;<b>`);
    const whole = createRoute()`${slow}|${stream}`;
    assert.equal(await body(whole), `${ESCAPED}|&lt;i&gt;<b>`);
  });

  it("caches the escaped bytes of a request-independent route", async () => {
    const router = createRouter({ cache: true }).endpoint`GET /`(
      createRoute()`<p>${HOSTILE}</p>`,
    );
    assert.equal(await body(router), `<p>${ESCAPED}</p>`);
    assert.equal(await body(router), `<p>${ESCAPED}</p>`);
  });

  it("createResponse escapes its HTML body too", async () => {
    const response = await createResponse`
      HTTP/1.1 200 OK

      <p>${HOSTILE}</p>`;
    assert.equal(await response.text(), `<p>${ESCAPED}</p>`);
  });
});

describe("JSON bodies encode substitutions as JSON", () => {
  it("keeps a value inside its string literal", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: application/json

      {"name": "${(request: Request) =>
      new URL(request.url).searchParams.get("name")}", "admin": false}`;
    const injected = encodeURIComponent('x", "admin": true, "y": "\\\n');
    const text = await body(route, `http://localhost/?name=${injected}`);
    assert.deepEqual(JSON.parse(text), {
      name: 'x", "admin": true, "y": "\\\n',
      admin: false,
    });
  });

  it("writes a value outside a string literal as JSON", async () => {
    const route = createRoute({
      headers: { "content-type": "application/problem+json" },
    })`{"a": ${"text"}, "b": ${7}, "c": ${() => ({ k: [1, "<"] })}, "d": ${() =>
      undefined}, "e": ${raw('{"trusted":true}')}, "f": "${null}", "g": ${
      2n ** 64n
    }}`;
    assert.deepEqual(JSON.parse(await body(route)), {
      a: "text",
      b: 7,
      c: { k: [1, "<"] },
      d: null,
      e: { trusted: true },
      f: "",
      g: 2 ** 64,
    });
  });

  it("createRequest encodes a JSON request body the same way", async () => {
    const request = await createRequest()`
      POST http://localhost/users
      Content-Type: application/json

      {"name": "${'a"b'}", "tags": ${["x"]}}`;
    assert.deepEqual(await request.json(), { name: 'a"b', tags: ["x"] });
  });
});

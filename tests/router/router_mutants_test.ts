// Behaviour the mutation sample found unguarded in the template router: each
// test names the planted bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createRoute,
  createRouter,
} from "../../src/router/mod.ts";

function counted(text: string): { renders: number; toString(): string } {
  return {
    renders: 0,
    toString() {
      this.renders++;
      return text;
    },
  };
}

describe("template router behaviour the mutation sample found unguarded", () => {
  // Bug: a body of exactly maxEntryBytes is kept out of the cache.
  it("caches a body of exactly maxEntryBytes, and not one byte more", async () => {
    const exact = counted("abcd");
    const over = counted("abcde");
    const router = createRouter({ cache: { maxEntryBytes: 4 } })
      .endpoint`GET /exact`(createRoute()`${exact}`)
      .endpoint`GET /over`(createRoute()`${over}`);
    for (let i = 0; i < 3; i++) {
      const a = await router(new Request("http://localhost/exact"));
      assert.equal(await a.text(), "abcd");
      const b = await router(new Request("http://localhost/over"));
      assert.equal(await b.text(), "abcde");
    }
    assert.equal(exact.renders, 1);
    assert.equal(over.renders, 3);
  });

  // Bug: the media type is compared as written, so `Text/HTML` is not
  // markup and a substitution goes out unescaped.
  it("escapes substitutions whatever the letter case of the HTML type", async () => {
    for (
      const type of [
        "Text/HTML",
        "TEXT/html; charset=utf-8",
        "Application/XHTML+XML",
      ]
    ) {
      const route = createRoute()`
        HTTP/1.1 200 OK
        Content-Type: ${type}

        <p>${() => "<script>x</script>"}</p>`;
      const text = await (await route(new Request("http://localhost/"))).text();
      assert.equal(text, "<p>&lt;script&gt;x&lt;/script&gt;</p>", type);
    }
  });

  // Bug: the blanks around a header name are kept, so a line indented
  // deeper than its neighbours, or `Name : value`, is refused.
  it("reads a header line indented deeper, or with a blank before its colon", async () => {
    const route = createRoute()`
      HTTP/1.1 200 OK
      Content-Type: text/plain
         X-Deep: 1
      X-Spaced : 2

      hi`;
    const response = await route(new Request("http://localhost/"));
    assert.equal(response.headers.get("x-deep"), "1");
    assert.equal(response.headers.get("x-spaced"), "2");
    assert.equal(await response.text(), "hi");
  });

  // Bug: the short-text fast path misses a text whose only special
  // character is `>`, which then goes out unescaped.
  it("escapes a substitution made only of > characters", async () => {
    for (const value of [">", ">>", "a>", "&", "'"]) {
      const route = createRoute()`<p>${() => value}</p>`;
      const text = await (await route(new Request("http://localhost/"))).text();
      const escaped = value.replaceAll("&", "&amp;").replaceAll(">", "&gt;")
        .replaceAll("'", "&#39;");
      assert.equal(text, `<p>${escaped}</p>`, value);
    }
  });

  // Bug: a request line that is only an absolute URL (no method) is
  // refused instead of read as a GET.
  it("reads a request line of only an absolute URL as a GET", async () => {
    const bare = await createRequest()`https://e.x/a?b=1`;
    assert.equal(bare.method, "GET");
    assert.equal(bare.url, "https://e.x/a?b=1");
    const versioned = await createRequest()`
      https://e.x/a HTTP/1.1
      Accept: text/plain
    `;
    assert.equal(versioned.method, "GET");
    assert.equal(versioned.headers.get("accept"), "text/plain");
  });
});

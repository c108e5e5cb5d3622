// Behaviour the mutation draw of seed 20261202 found unguarded in the
// template router: each test names the planted bug it catches
// (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  cook,
  createRequest,
  createRouter,
  type Handler,
} from "../../src/router/mod.ts";

const named = (name: string): Handler => () => new Response(name);

async function answer(
  router: (request: Request) => Promise<Response>,
  href: string,
): Promise<string> {
  const response = await router(new Request(href));
  const text = await response.text();
  return response.status === 200 ? text : String(response.status);
}

describe("router: a host's routes removed, then added again", () => {
  // Planted beside the draw's _routes.ts:89 (reviewed as equivalent): the
  // emptied host group kept (_routes.ts:88), so a route added again for an
  // exact host went into a group no request looks at.
  it("an exact host's last route removed: the route for every host answers there again", async () => {
    const router = createRouter()
      .endpoint`GET /`(named("every host"))
      .endpoint`GET /
        Host: api.example.com`(named("api"));
    assert.equal(await answer(router, "http://api.example.com/"), "api");
    assert.equal(
      router.remove`GET /
        Host: api.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://api.example.com/"), "every host");
    assert.equal(await answer(router, "http://API.example.com/"), "every host");
    router.endpoint`GET /
      Host: api.example.com`(named("api again"));
    assert.equal(await answer(router, "http://api.example.com/"), "api again");
    assert.equal(await answer(router, "http://other.io/"), "every host");
  });

  // The same planted bug, for a host pattern with a parameter.
  it("the host route added again answers, the second request too", async () => {
    const router = createRouter()
      .endpoint`GET /
        Host: :tenant.example.com`(named("first"));
    assert.equal(await answer(router, "http://a.example.com/"), "first");
    assert.equal(
      router.remove`GET /
        Host: :tenant.example.com`,
      true,
    );
    assert.equal(await answer(router, "http://a.example.com/"), "404");
    router.endpoint`GET /
      Host: :tenant.example.com`(named("again"));
    assert.equal(await answer(router, "http://a.example.com/"), "again");
    assert.equal(await answer(router, "http://b.EXAMPLE.com/"), "again");
    assert.equal(await answer(router, "http://other.io/"), "404");
  });
});

describe("router: escapes of unreserved characters in the request path", () => {
  // _path.ts:7: an upper-case hex digit at the end of the range (A or F) not
  // read as one, so %4A and %4F stayed escaped and missed /J and /O.
  it("%4A, %4F, %4a and %4f reach /J and /O; %4G stays as written", async () => {
    const echo: Handler = (_request, context) =>
      new Response(JSON.stringify(context.params));
    const router = createRouter()
      .endpoint`GET /J`(named("J"))
      .endpoint`GET /O`(named("O"))
      .endpoint`GET /p/:value`(echo);
    for (const path of ["/%4A", "/%4a"]) {
      assert.equal(await answer(router, `http://h.test${path}`), "J", path);
    }
    for (const path of ["/%4F", "/%4f"]) {
      assert.equal(await answer(router, `http://h.test${path}`), "O", path);
    }
    assert.equal(
      await answer(router, "http://h.test/p/%41%46%4A%4F%4G"),
      JSON.stringify({ value: "AFJO%4G" }),
    );
  });
});

describe("createRequest: an empty Host line", () => {
  // message.ts:254: an empty Host value read as no Host, so the request went
  // to baseUrl instead of being refused for the Host the template wrote.
  it("is refused (INVALID_TEMPLATE), not replaced by baseUrl; a written host wins over baseUrl", async () => {
    const request = createRequest({ baseUrl: "http://base.test" });
    await assert.rejects(
      async () =>
        await request`GET /x
Host: 

`,
      (error: unknown) =>
        (error as { code?: string }).code === "INVALID_TEMPLATE",
    );
    const written = await request`GET /x
Host: h.test

`;
    assert.equal(written.url, "http://h.test/x");
    const none = await request`GET /x

`;
    assert.equal(none.url, "http://base.test/x");
  });
});

describe("cook: a first chunk that cooks to the empty string", () => {
  // template.ts:82: a first chunk that cooks to "" (a line continuation)
  // replaced by its raw text, so cook gave "\\\n" where JavaScript gives "".
  it("joins as the untagged template literal does", () => {
    const name = "a";
    assert.equal(
      cook`\
${name}b`,
      `\
${name}b`,
    );
    assert.equal(
      cook`${name}\
b`,
      "ab",
    );
    assert.equal(cook`${name}${null}`, "a");
  });
});

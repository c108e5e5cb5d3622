// Paths of the HTTP router that no test reached (round 23: a coverage run of
// tests/router/ listed the lines none ran; a mutant drawn on one of them
// could only survive). The constraint parser's own syntax refusals stay
// unreached on purpose: the engine's RegExp refuses that syntax first.
// No Deno API: the harness only.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  createRouter,
  RouteError,
} from "../../src/router/mod.ts";
import { hit, routerOf } from "./_patterns.ts";

/** Asserts `run` throws a RouteError with `code` and a message matching `why`. */
async function refused(
  run: () => unknown,
  code: string,
  why: RegExp,
): Promise<void> {
  const error = await (async () => await run())().then(
    () => undefined,
    (e) => e,
  );
  assert.ok(error instanceof RouteError, String(error));
  assert.equal(error.code, code, error.message);
  assert.match(error.message, why);
}

describe("a constraint with a lazy quantifier", () => {
  it("is accepted and still matches the whole segment, as the greedy one does", async () => {
    for (const quantifier of ["+?", "{2,}?", "{1,3}?"]) {
      const pattern = `/c/:x{a${quantifier}}`;
      const router = routerOf(pattern);
      assert.deepEqual(await hit(router, "/c/aaa"), {
        status: 200,
        name: pattern,
        params: { x: "aaa" },
      }, pattern);
      assert.equal((await hit(router, "/c/ab")).status, 404, pattern);
    }
  });
});

describe("refusals at definition", () => {
  it("a handler that is no function is INVALID_ENDPOINT, naming the route", async () => {
    const router = createRouter();
    const register = router.endpoint`GET /c` as unknown as (h: unknown) => void;
    await refused(
      () => register(5),
      "INVALID_ENDPOINT",
      /GET \/c .*not a function/,
    );
  });

  it("a baseUrl that is no valid URL is INVALID_OPTION", async () => {
    await refused(
      () => createRouter({ baseUrl: "http://[bad/" }),
      "INVALID_OPTION",
      /baseUrl is not a valid URL/,
    );
  });

  it("a request template without a request line is INVALID_TEMPLATE", async () => {
    await refused(
      () =>
        createRequest()`
`,
      "INVALID_TEMPLATE",
      /needs a request line/,
    );
  });

  it("a response status outside 200-599 is refused, as the Response constructor refuses it", async () => {
    for (const status of [101, 199, 600]) {
      await refused(
        () =>
          createResponse(
            [`HTTP/1.1 ${status} X`] as unknown as TemplateStringsArray,
          ),
        "INVALID_TEMPLATE",
        new RegExp(`Status ${status} cannot be sent`),
      );
    }
  });
});

describe("an errorHandler that returns no Response", () => {
  it("the client gets a 500, and the log says the handler returned none", async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const router = createRouter({
        errorHandler: () => "oops" as unknown as Response,
      });
      router.endpoint`GET /c`(() => {
        throw new Error("the handler failed");
      });
      const response = await router(new Request("http://localhost/c"));
      assert.equal(response.status, 500);
      assert.equal(await response.text(), "Internal Server Error");
      const [, error] = logged.at(-1) as [string, unknown];
      assert.ok(error instanceof RouteError, String(error));
      assert.equal(error.code, "INVALID_RESPONSE");
      assert.match(error.message, /errorHandler did not return a Response/);
    } finally {
      console.error = original;
    }
  });
});

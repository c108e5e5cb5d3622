// RouterInit is checked when the router is created: a wrong option is a
// RouteError INVALID_OPTION naming the option and the value it got, never a
// 500 at the first request that reaches it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRouter,
  RouteError,
  type RouterInit,
} from "../../src/router/mod.ts";

/** Asserts createRouter(init) throws INVALID_OPTION with all `parts` in its message. */
function refuses(init: unknown, ...parts: string[]): void {
  assert.throws(
    () => createRouter(init as RouterInit),
    (error: unknown) => {
      assert.ok(error instanceof RouteError, String(error));
      assert.equal(error.code, "INVALID_OPTION");
      for (const part of parts) {
        assert.ok(
          error.message.includes(part),
          `${JSON.stringify(error.message)} lacks ${JSON.stringify(part)}`,
        );
      }
      return true;
    },
  );
}

describe("RouterInit validation", () => {
  it("refuses a handler option that is not a function, naming it and what it got", () => {
    refuses({ defaultHandler: "/404" }, "defaultHandler", '"/404"');
    refuses({ errorHandler: 42 }, "errorHandler", "42");
    refuses({ methodNotAllowed: { status: 405 } }, "methodNotAllowed");
    refuses({ options: true }, "RouterInit.options", "true");
    refuses({ defaultHandler: null }, "defaultHandler", "null");
  });

  it("refuses every other option of the wrong type or range", () => {
    refuses({ baseUrl: 42 }, "baseUrl", "42");
    refuses({ cache: "yes" }, "cache", '"yes"');
    refuses({ cache: [] }, "cache", "an array");
    refuses({ trailingSlash: "Ignore" }, "trailingSlash", '"Ignore"');
    refuses({ caseSensitive: "false" }, "caseSensitive", '"false"');
    refuses({ caseSensitive: 0 }, "caseSensitive", "0");
    refuses({ ignoreDuplicateSlashes: 1 }, "ignoreDuplicateSlashes", "1");
    for (const bad of [0, -1, 1.5, NaN, "100", null]) {
      refuses({ maxParamLength: bad }, "maxParamLength");
    }
  });

  it("refuses init that is not an object", () => {
    refuses("/api", "RouterInit must be an object", '"/api"');
    refuses(null, "RouterInit must be an object", "null");
    refuses([], "an array");
  });

  it("refuses an unknown key, pointing find-my-way users at the name used here", () => {
    refuses(
      { defaultRoute: () => new Response() },
      "defaultRoute",
      "defaultHandler",
    );
    refuses(
      { ignoreTrailingSlash: true },
      "ignoreTrailingSlash",
      'trailingSlash: "ignore"',
    );
    refuses({ caseSensitve: false }, '"caseSensitve"', "caseSensitive");
  });

  it("accepts every option with a valid value, and undefined for any", () => {
    const hook = () => new Response(null, { status: 204 });
    createRouter({
      baseUrl: "https://example.com/api/",
      defaultHandler: hook,
      errorHandler: hook,
      methodNotAllowed: hook,
      options: hook,
      cache: { maxEntries: 2 },
      trailingSlash: "redirect",
      caseSensitive: false,
      ignoreDuplicateSlashes: true,
      maxParamLength: Infinity,
    });
    createRouter({
      baseUrl: undefined,
      defaultHandler: undefined,
      errorHandler: undefined,
      methodNotAllowed: undefined,
      options: undefined,
      cache: false,
      trailingSlash: undefined,
      caseSensitive: undefined,
      ignoreDuplicateSlashes: undefined,
      maxParamLength: 1,
    });
    createRouter(undefined);
  });
});

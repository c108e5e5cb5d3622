// An error the Router passes on as the adapter raised it names the
// registered backend that failed (`AdapterError.backend`), not only the
// provider: a client's 400, or any failure with fallback off. An adapter
// that rejects with a frozen error gets it passed on untouched, not a
// TypeError from the Router writing to it. Planted by hand in the eleventh
// mutation round (the gateway's tests read the name, the Router's did not).
import assert from "node:assert/strict";
import {
  AdapterError,
  type BackendAdapter,
  createRouter,
  ErrorCode,
  type FallbackStrategy,
} from "../../src/models/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { withTimeout } from "../_timeout.ts";
import { req } from "./_helpers.ts";

function failing(error: AdapterError): BackendAdapter {
  return { ...createEchoAdapter(), execute: () => Promise.reject(error) };
}

const cases: [string, () => AdapterError, FallbackStrategy][] = [
  ["a client error", () =>
    new AdapterError({
      code: ErrorCode.INVALID_REQUEST,
      message: "bad field",
      provider: "openai",
      statusCode: 400,
    }), "sequential"],
  ["an outage with fallback off", () =>
    new AdapterError({
      code: ErrorCode.PROVIDER_ERROR,
      message: "down",
      provider: "openai",
      statusCode: 503,
    }), "none"],
];

for (const [what, make, fallbackStrategy] of cases) {
  Deno.test(`execute: ${what} is passed on naming the registered backend; a frozen one untouched`, async () => {
    const thawed = make();
    const frozen = Object.freeze(make());
    const router = createRouter({ fallbackStrategy })
      .register("primary-eu", failing(thawed))
      .register("frozen-us", failing(frozen))
      .register("spare", createEchoAdapter());
    const rejection = (backend: string) =>
      withTimeout(
        router.execute(req("x", { metadata: { custom: { backend } } })).then(
          () => undefined,
          (e) => e,
        ),
        5_000,
        backend,
      );
    try {
      const first = await rejection("primary-eu");
      assert.equal(first, thawed);
      assert.equal(first.backend, "primary-eu");
      assert.equal(first.provider, "openai");
      const second = await rejection("frozen-us");
      assert.equal(second, frozen);
      assert.equal(second.backend, undefined);
      assert.equal(router.getBackendStats("spare")?.totalRequests, 0);
    } finally {
      router.dispose();
    }
  });
}

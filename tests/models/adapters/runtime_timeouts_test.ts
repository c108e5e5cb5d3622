// A timeout the runtime reports itself (undici's connect or headers timeout
// on Node, the OS's connect timeout on Deno) is a timeout: code TIMEOUT, as
// the adapter's own, so the gateway answers 504 like every other timeout;
// still retryable and the backend's fault. Every other transport failure
// stays NETWORK_ERROR. Portable: the shapes of both runtimes are fed in.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { createOpenAIAdapter } from "../../../src/models/adapters/openai.ts";
import { AdapterError, type IRChatRequest } from "../../../src/models/mod.ts";

const QUERY_SECRET = "qs-secret-55554444";
const request: IRChatRequest = {
  messages: [{ role: "user", content: "hi" }],
};

/** The adapter's error when its fetch rejects with `cause` inside. */
async function failureOf(cause: unknown): Promise<AdapterError> {
  const thrown = new TypeError("fetch failed", { cause });
  const adapter = createOpenAIAdapter({
    apiKey: "sk-runtime-timeout-0123456789",
    baseURL: `http://x.test/v1?key=${QUERY_SECRET}`,
    defaultModel: "m",
    fetch: () => Promise.reject(thrown),
  });
  try {
    await adapter.execute(request);
  } catch (error) {
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.cause, thrown, "the runtime's error is kept");
    return error;
  }
  throw new Error("the call succeeded");
}

describe("a timeout the runtime reports is TIMEOUT", () => {
  it("undici's and Deno's timeout shapes: TIMEOUT, cause timeout, retryable, the runtime's words", async () => {
    const cases: Array<[unknown, string]> = [
      [
        { code: "UND_ERR_CONNECT_TIMEOUT", message: "Connect Timeout Error" },
        "Connect Timeout Error",
      ],
      [
        { code: "UND_ERR_HEADERS_TIMEOUT", message: "Headers Timeout Error" },
        "Headers Timeout Error",
      ],
      [{ code: "ETIMEDOUT" }, "ETIMEDOUT"],
      [
        new Error("tcp connect error: Connection timed out (os error 110)"),
        "tcp connect error: Connection timed out (os error 110)",
      ],
      [
        Object.assign(new Error("operation timed out"), { name: "TimedOut" }),
        "operation timed out",
      ],
    ];
    for (const [cause, words] of cases) {
      const error = await failureOf(cause);
      const label = JSON.stringify(cause) ?? String(cause);
      assert.equal(error.code, "TIMEOUT", label);
      assert.equal(error.details?.cause, "timeout", label);
      assert.equal(error.details?.host, "x.test:80", label);
      assert.equal(error.isRetryable, true, label);
      assert.equal(
        error.message,
        `openai: runtime timeout (x.test:80): ${words}`,
        label,
      );
      assert.doesNotMatch(error.message, new RegExp(QUERY_SECRET));
    }
  });

  it("every other transport failure, whatever the letter case, stays NETWORK_ERROR", async () => {
    const cases: Array<[unknown, string]> = [
      [{ code: "ECONNREFUSED" }, "refused"],
      [{ code: "UND_ERR_SOCKET", message: "other side closed" }, "reset"],
      [new Error("CONNECTION RESET BY PEER (os error 104)"), "reset"],
      [new Error("dns error: failed to lookup address information"), "dns"],
    ];
    for (const [cause, kind] of cases) {
      const error = await failureOf(cause);
      assert.equal(error.code, "NETWORK_ERROR", kind);
      assert.equal(error.details?.cause, kind);
      assert.equal(error.isRetryable, true);
    }
  });
});

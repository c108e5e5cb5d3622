// The behaviour every HTTP adapter shares, as one suite each provider's test
// file runs against its own adapter and recorded wire samples (as hono runs
// one suite against each of its routers). Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import type {
  BackendAdapter,
  IRChatRequest,
  IRStreamChunk,
} from "../../../src/models/adapters/openai.ts";
import {
  type Answer,
  chunkedBody,
  collect,
  hang,
  rejection,
  sequencesAreConsecutive,
  type Wired,
} from "./_fake.ts";

/** One provider's adapter and wire samples, as the shared suite needs them. */
export interface AdapterContract {
  /** Provider name in test titles. */
  name: string;
  /** The API key the adapter is built with. */
  key: string;
  /** Builds the adapter (with `key`) on a fake fetch; `extra` config wins. */
  adapterWith: (
    answer: Answer,
    extra?: Record<string, unknown>,
  ) => Wired<BackendAdapter>;
  /** The header that carries the key, and its value. */
  auth: { header: string; value: string };
  /** A documented non-streamed answer. */
  reply: () => Response;
  /** A documented stream, ending normally, as text. */
  stream: string;
  /** The URL `healthCheck` GETs. */
  healthURL: string;
  /** The provider's documented answer to the health path. */
  models: () => Response;
  /** The provider's 401 body (it may echo the key) and the message it carries. */
  unauthorized: { body: string; message: RegExp };
  /** The provider's 429 body. */
  rateLimited: string;
  /** The provider's server-error status and body. */
  serverError: { status: number; body: string };
}

const request: IRChatRequest = { messages: [{ role: "user", content: "x" }] };

/** Runs the shared contract against one adapter. */
export function adapterContract(spec: AdapterContract): void {
  const { adapterWith, key } = spec;
  const failing = (status: number, body: string, headers = {}): Answer => () =>
    new Response(body, { status, headers });

  describe(`${spec.name} adapter: shared contract — errors`, () => {
    it("sends the key in its header only, never in the URL", async () => {
      const { adapter, requests } = adapterWith(spec.reply);
      await adapter.execute(request);
      assert.equal(requests[0].headers.get(spec.auth.header), spec.auth.value);
      assert.equal(requests[0].url.includes(key), false);
    });

    it("configured headers override the adapter's own in any letter case, content-type included", async () => {
      const { adapter, requests } = adapterWith(spec.reply, {
        headers: {
          "CONTENT-TYPE": "application/json; charset=utf-8",
          "X-Request-Source": "batch",
        },
      });
      await adapter.execute(request);
      const sent = requests[0].headers;
      assert.equal(sent.get("content-type"), "application/json; charset=utf-8");
      assert.equal(sent.get("x-request-source"), "batch");
      // The key's own header is still sent, once.
      assert.equal(sent.get(spec.auth.header), spec.auth.value);
    });

    it("401 is AUTHENTICATION_FAILED with the provider's message", async () => {
      const { adapter } = adapterWith(
        failing(401, spec.unauthorized.body),
      );
      const error = await rejection(adapter.execute(request));
      assert.equal(error.code, "AUTHENTICATION_FAILED");
      assert.equal(error.statusCode, 401);
      assert.equal(error.provider, adapter.metadata.provider);
      assert.equal(error.isRetryable, false);
      assert.match(error.message, spec.unauthorized.message);
      assert.equal(error.message.includes(key), false);
      assert.equal(JSON.stringify(error.details).includes(key), false);
    });

    it("the apiKey never appears in error messages or details", async () => {
      const echoed = JSON.stringify({ error: { message: `bad key ${key}` } });
      const auth = await rejection(
        adapterWith(failing(401, echoed)).adapter.execute(request),
      );
      assert.match(auth.message, /bad key/);
      assert.equal(auth.message.includes(key), false);
      assert.equal(JSON.stringify(auth.details).includes(key), false);
      const network = await rejection(
        adapterWith(() =>
          Promise.reject(new TypeError(`connect failed for ${key}`))
        ).adapter.execute(request),
      );
      assert.equal(network.code, "NETWORK_ERROR");
      assert.equal(network.message.includes(key), false);
    });

    it("429 with Retry-After seconds is RATE_LIMITED with retryAfter in ms", async () => {
      const { adapter } = adapterWith(
        failing(429, spec.rateLimited, { "retry-after": "20" }),
      );
      const error = await rejection(adapter.execute(request));
      assert.equal(error.code, "RATE_LIMITED");
      assert.equal(error.retryAfter, 20_000);
      assert.equal(error.isRetryable, true);
    });

    it("429 with an HTTP date is relative to the injected clock; retry-after-ms wins", async () => {
      const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
      const dated = adapterWith(
        failing(429, "{}", { "retry-after": "Wed, 21 Oct 2015 07:28:30 GMT" }),
        { now: () => now },
      );
      assert.equal(
        (await rejection(dated.adapter.execute(request))).retryAfter,
        30_000,
      );
      const ms = adapterWith(
        failing(429, "{}", { "retry-after": "20", "retry-after-ms": "1500" }),
      );
      assert.equal(
        (await rejection(ms.adapter.execute(request))).retryAfter,
        1500,
      );
    });

    it("Retry-After and retry-after-ms in any letter case, plain and streamed", async () => {
      const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
      const cases: Array<[Record<string, string>, number]> = [
        [{ "RETRY-AFTER": "7" }, 7_000],
        [{ "Retry-After": "7" }, 7_000],
        [{ "Retry-After-Ms": "1500", "Retry-After": "7" }, 1_500],
        [{ "retry-after": "wed, 21 oct 2015 07:28:30 gmt" }, 30_000],
        [{ "Retry-After": "WED, 21 OCT 2015 07:28:30 GMT" }, 30_000],
      ];
      for (const [headers, expected] of cases) {
        const { adapter } = adapterWith(failing(429, "{}", headers), {
          now: () => now,
        });
        const label = JSON.stringify(headers);
        const error = await rejection(adapter.execute(request));
        assert.equal(error.code, "RATE_LIMITED", label);
        assert.equal(error.retryAfter, expected, label);
        const streamed = await rejection(
          collect(adapter.executeStream(request)),
        );
        assert.equal(streamed.code, "RATE_LIMITED", label);
        assert.equal(streamed.retryAfter, expected, label);
      }
    });

    it("429 with a garbage Retry-After has no retryAfter; an absurd one is capped to a delay setTimeout honours", async () => {
      const cases: Array<[Record<string, string>, number | undefined]> = [
        [{ "retry-after": "soon-ish" }, undefined],
        [{ "retry-after": "-5" }, undefined],
        // Used to be 1e+23 ms: sleep(retryAfter) overflowed to 1 ms.
        [{ "retry-after": "99999999999999999999" }, 2_147_483_647],
        [{ "retry-after-ms": "1" + "0".repeat(400) }, 2_147_483_647],
        [{ "retry-after": "Fri, 31 Dec 9999 23:59:59 GMT" }, 2_147_483_647],
      ];
      for (const [headers, expected] of cases) {
        const { adapter } = adapterWith(failing(429, "{}", headers));
        const error = await rejection(adapter.execute(request));
        assert.equal(error.code, "RATE_LIMITED", JSON.stringify(headers));
        assert.equal(error.retryAfter, expected, JSON.stringify(headers));
      }
    });

    it("maps 400/404/422 to INVALID_REQUEST, 403 to AUTHENTICATION_FAILED and 5xx to PROVIDER_ERROR", async () => {
      const cases = [
        [400, "INVALID_REQUEST"],
        [404, "INVALID_REQUEST"],
        [422, "INVALID_REQUEST"],
        [500, "PROVIDER_ERROR"],
        [503, "PROVIDER_ERROR"],
        [403, "AUTHENTICATION_FAILED"],
        [spec.serverError.status, "PROVIDER_ERROR"],
      ] as const;
      for (const [status, code] of cases) {
        const { adapter } = adapterWith(
          failing(status, spec.serverError.body),
        );
        const error = await rejection(adapter.execute(request));
        assert.equal(error.code, code, `status ${status}`);
        assert.equal(error.statusCode, status);
        assert.equal(error.isRetryable, code === "PROVIDER_ERROR");
      }
    });

    it("a fetch TypeError is NETWORK_ERROR", async () => {
      const { adapter } = adapterWith(() =>
        Promise.reject(
          new TypeError("error sending request: connection refused"),
        )
      );
      const error = await rejection(adapter.execute(request));
      assert.equal(error.code, "NETWORK_ERROR");
      assert.equal(error.isRetryable, true);
    });

    it("a fetch that resolves to something other than a Response is INVALID_RESPONSE", async () => {
      const { adapter } = adapterWith(() =>
        Promise.resolve({ ok: true } as unknown as Response)
      );
      const error = await rejection(adapter.execute(request));
      assert.equal(error.code, "INVALID_RESPONSE");
    });

    it("takes a Response from another fetch implementation (undici, a proxy's), not only the global class", async () => {
      // Same shape as the global Response, another class: what undici's
      // fetch (passed in for a proxy on Node) resolves to.
      const foreign = (): Response => {
        const real = spec.reply();
        return {
          ok: real.ok,
          status: real.status,
          statusText: real.statusText,
          headers: real.headers,
          body: real.body,
        } as unknown as Response;
      };
      const { adapter } = adapterWith(foreign);
      const response = await adapter.execute(request);
      assert.equal(response.message.role, "assistant");
    });

    it("short placeholder keys are not redacted out of ordinary words", async () => {
      const { adapter } = adapterWith(
        () => Promise.reject(new TypeError("connection refused")),
        { apiKey: "on" },
      );
      const error = await rejection(adapter.execute(request));
      assert.match(error.message, /connection refused/);
    });

    it("distinguishes the caller's abort from the timeout", async () => {
      const timed = adapterWith(hang, { timeout: 20 });
      assert.equal(
        (await rejection(timed.adapter.execute(request))).code,
        "TIMEOUT",
      );
      const aborted = adapterWith(hang);
      const controller = new AbortController();
      const pending = aborted.adapter.execute(request, controller.signal);
      controller.abort();
      assert.equal((await rejection(pending)).code, "ABORTED");
      const pre = adapterWith(hang);
      assert.equal(
        (await rejection(pre.adapter.execute(request, AbortSignal.abort())))
          .code,
        "ABORTED",
      );
    });
  });

  describe(`${spec.name} adapter: shared contract — streaming`, () => {
    const streamed = (sizes?: readonly number[]): Answer => () =>
      new Response(chunkedBody(spec.stream, sizes).body);

    it("numbers chunks 0, 1, 2, … from start to done", async () => {
      const { adapter } = adapterWith(streamed());
      const chunks = await collect(adapter.executeStream(request));
      assert.ok(sequencesAreConsecutive(chunks));
      assert.equal(chunks[0].type, "start");
      assert.equal(chunks.at(-1)?.type, "done");
    });

    it("returns the generator synchronously; HTTP errors throw on first next()", async () => {
      const { adapter, requests } = adapterWith(
        failing(429, spec.rateLimited, { "retry-after": "2" }),
      );
      const stream = adapter.executeStream(request);
      assert.equal(requests.length, 0, "nothing is sent before iteration");
      const error = await rejection(stream.next());
      assert.equal(error.code, "RATE_LIMITED");
      assert.equal(error.retryAfter, 2000);
    });

    it("an abort after the first chunk ends the stream with an ABORTED error chunk", async () => {
      const { adapter } = adapterWith(streamed([1]));
      const controller = new AbortController();
      const chunks: IRStreamChunk[] = [];
      for await (
        const chunk of adapter.executeStream(request, controller.signal)
      ) {
        chunks.push(chunk);
        controller.abort();
      }
      const last = chunks.at(-1);
      assert.ok(last?.type === "error");
      assert.equal(last.error.code, "ABORTED");
      assert.ok(sequencesAreConsecutive(chunks));
    });

    it("a slow consumer does not trip the idle timeout", async () => {
      const { adapter } = adapterWith(streamed([200]), { timeout: 20 });
      const chunks = [];
      for await (const chunk of adapter.executeStream(request)) {
        chunks.push(chunk);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      assert.equal(chunks.at(-1)?.type, "done");
    });

    it("breaking out of the loop cancels the response body", async () => {
      const body = chunkedBody(spec.stream, [1]);
      const { adapter } = adapterWith(() => new Response(body.body));
      for await (const chunk of adapter.executeStream(request)) {
        if (chunk.type === "content") break;
      }
      assert.equal(body.state.cancelled, true);
    });
  });

  describe(`${spec.name} adapter: shared contract — healthCheck`, () => {
    it("GETs the free health path and never throws", async () => {
      const ok = adapterWith(spec.models);
      assert.equal(await ok.adapter.healthCheck?.(), true);
      assert.equal(ok.requests[0].method, "GET");
      assert.equal(ok.requests[0].url, spec.healthURL);
      const bad = adapterWith(failing(401, spec.unauthorized.body));
      assert.equal(await bad.adapter.healthCheck?.(), false);
      const down = adapterWith(() => Promise.reject(new TypeError("refused")));
      assert.equal(await down.adapter.healthCheck?.(), false);
    });
  });
}

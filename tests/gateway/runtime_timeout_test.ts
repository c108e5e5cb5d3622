// A backend whose runtime reports a timeout (undici's connect timeout, the
// OS's connect timeout) is answered as every other timeout: 504, code and
// log line TIMEOUT; fallback still moves on to the next backend and the
// breaker counts the failure, as for a network failure.
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createOpenAIAdapter } from "../../src/models/adapters/openai.ts";
import { openAICompletion } from "./_serve.ts";

/** An OpenAI backend whose every fetch fails with the runtime's `cause`. */
function timingOut(cause: unknown) {
  return createOpenAIAdapter({
    apiKey: "upstream-key",
    baseURL: "http://10.255.255.1:8001/v1",
    defaultModel: "gpt-test",
    fetch: () => Promise.reject(new TypeError("fetch failed", { cause })),
  });
}

/** An OpenAI backend that answers `text`. */
function answering(text: string) {
  return createOpenAIAdapter({
    apiKey: "upstream-key",
    baseURL: "http://127.0.0.1:8002/v1",
    defaultModel: "gpt-test",
    fetch: () => Promise.resolve(Response.json(openAICompletion(text))),
  });
}

const CONNECT_TIMEOUT = {
  code: "UND_ERR_CONNECT_TIMEOUT",
  message: "Connect Timeout Error",
};
const OS_TIMEOUT = new Error(
  "tcp connect error: Connection timed out (os error 110)",
);

function chat(stream: boolean): Request {
  return new Request("http://gateway.test/v1/chat/completions", {
    method: "POST",
    body: JSON.stringify({
      model: "gpt-test",
      messages: [{ role: "user", content: "hi" }],
      stream,
    }),
  });
}

/** An OpenAI backend whose fetch never answers: its own timeout fires. */
function silent() {
  return createOpenAIAdapter({
    apiKey: "upstream-key",
    baseURL: "http://10.255.255.1:8001/v1",
    defaultModel: "gpt-test",
    timeout: 5,
    fetch: (_input, init) =>
      new Promise((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason), {
          once: true,
        });
      }),
  });
}

/** The status, error body and log line of one request to one backend. */
async function answerOf(
  adapter: ReturnType<typeof silent>,
  stream: boolean,
): Promise<
  { status: number; error: Record<string, unknown>; log: RequestLogEntry }
> {
  const logs: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [["primary", adapter]],
    logger: (entry) => logs.push(entry),
  });
  try {
    const response = await gateway(chat(stream));
    const { error } = await response.json();
    assert.equal(logs.length, 1);
    return { status: response.status, error, log: logs[0] };
  } finally {
    gateway.dispose();
  }
}

for (const stream of [false, true]) {
  const mode = stream ? "stream" : "JSON";
  Deno.test(`runtime timeout (${mode}): answered and logged as the adapter's own timeout, a 504, with the runtime's words`, async () => {
    const runtime = await answerOf(timingOut(CONNECT_TIMEOUT), stream);
    const own = await answerOf(silent(), stream);
    assert.equal(own.status, 504);
    assert.equal(runtime.status, 504);
    assert.equal(runtime.error.code, own.error.code);
    assert.equal(runtime.error.type, own.error.type);
    assert.equal(runtime.log.error_code, own.log.error_code);
    assert.equal(runtime.log.status, 504);
    assert.equal(runtime.log.backend, "primary");
    assert.equal(
      runtime.error.message,
      'Backend "primary" timed out: runtime timeout (10.255.255.1:8001): Connect Timeout Error',
    );
    assert.equal(runtime.log.error_message, runtime.error.message);
  });
}

Deno.test("runtime timeout: fallback moves on, the breaker and statistics count it; every backend timing out is a 504", async () => {
  const logs: RequestLogEntry[] = [];
  const gateway = createGateway({
    backends: [
      ["primary", timingOut(OS_TIMEOUT)],
      ["backup", answering("from backup")],
    ],
    logger: (entry) => logs.push(entry),
  });
  try {
    const response = await gateway(chat(false));
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.choices[0].message.content, "from backup");
    assert.equal(logs[0].backend, "backup");
    assert.equal(logs[0].fallbacks, 1);
    const stats = gateway.router.getBackendStats("primary")!;
    assert.equal(stats.failedRequests, 1);
  } finally {
    gateway.dispose();
  }

  const both = createGateway({
    backends: [
      ["primary", timingOut(OS_TIMEOUT)],
      ["backup", timingOut(CONNECT_TIMEOUT)],
    ],
  });
  try {
    const response = await both(chat(false));
    assert.equal(response.status, 504);
    const body = await response.json();
    assert.match(
      body.error.message,
      /^All backends failed: backend "primary" timed out: runtime timeout \(10\.255\.255\.1:8001\): tcp connect error: Connection timed out \(os error 110\); backend "backup" timed out: /,
    );
  } finally {
    both.dispose();
  }
});

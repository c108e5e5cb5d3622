// The rate-limit headers a key's answers carry, as one suite run against each
// bucket store (in memory: keys_limits_test.ts; Redis: redis_limits_test.ts).
// The gateway's clock is frozen, so every number is exact.
import assert from "node:assert/strict";
import { createGateway, type GatewayOptions } from "../../src/gateway/mod.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

/** The clock the suite freezes the gateway at (ms). */
export const FROZEN_AT = 1_000_000;

const SIX = [
  "x-ratelimit-limit-requests",
  "x-ratelimit-limit-tokens",
  "x-ratelimit-remaining-requests",
  "x-ratelimit-remaining-tokens",
  "x-ratelimit-reset-requests",
  "x-ratelimit-reset-tokens",
];

async function send(
  gateway: (request: Request) => Promise<Response>,
  secret: string,
  path = "/v1/chat/completions",
): Promise<Response> {
  const response = await gateway(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        model: "echo",
        max_tokens: 5,
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response;
}

function ratelimitHeaders(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(([name]) => name.includes("ratelimit")),
  );
}

/**
 * Runs the suite on gateways made with `store` options (`prefix` keeps the
 * key ids of runs apart when the store outlives a gateway).
 */
export async function checkLimitHeaders(
  storeOptions: () =>
    | Partial<GatewayOptions>
    | Promise<Partial<GatewayOptions>>,
  prefix = "",
): Promise<void> {
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    keys: [
      {
        id: `${prefix}both`,
        sha256: await hashKey("sk-both"),
        rpm: 2,
        tpm: 1000,
      },
      { id: `${prefix}rpm`, sha256: await hashKey("sk-rpm"), rpm: 2 },
      { id: `${prefix}tpm`, sha256: await hashKey("sk-tpm"), tpm: 1000 },
      {
        id: `${prefix}anth`,
        sha256: await hashKey("sk-anth"),
        rpm: 1,
        tpm: 1000,
      },
    ],
    now: () => FROZEN_AT,
    ...await storeOptions(),
  });
  try {
    // A key with both limits: all six on every answer, 200 and 429.
    const first = await send(gateway, "sk-both");
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(ratelimitHeaders(first)).sort(), SIX);
    assert.equal(first.headers.get("x-ratelimit-limit-tokens"), "1000");
    const second = await send(gateway, "sk-both");
    assert.equal(second.status, 200);
    assert.equal(second.headers.get("x-ratelimit-remaining-requests"), "0");
    const refused = await send(gateway, "sk-both");
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get("retry-after"), "30");
    assert.deepEqual(
      Object.keys(ratelimitHeaders(refused)).sort(),
      SIX,
      "a refusal on requests still says where the tokens stand",
    );
    assert.equal(refused.headers.get("x-ratelimit-limit-tokens"), "1000");
    assert.equal(refused.headers.get("x-ratelimit-reset-requests"), "1m0s");
    const tokensLeft = Number(
      refused.headers.get("x-ratelimit-remaining-tokens"),
    );
    assert.ok(tokensLeft > 0 && tokensLeft < 1000, String(tokensLeft));
    const again = await send(gateway, "sk-both");
    assert.equal(again.status, 429);
    assert.equal(
      Number(again.headers.get("x-ratelimit-remaining-tokens")),
      tokensLeft,
      "a refused request is not charged tokens",
    );

    // One limit: just its three.
    const rpmOnly = await send(gateway, "sk-rpm");
    assert.deepEqual(Object.keys(ratelimitHeaders(rpmOnly)).sort(), [
      "x-ratelimit-limit-requests",
      "x-ratelimit-remaining-requests",
      "x-ratelimit-reset-requests",
    ]);
    const tpmOnly = await send(gateway, "sk-tpm");
    assert.deepEqual(Object.keys(ratelimitHeaders(tpmOnly)).sort(), [
      "x-ratelimit-limit-tokens",
      "x-ratelimit-remaining-tokens",
      "x-ratelimit-reset-tokens",
    ]);

    // The Anthropic endpoint: Anthropic's headers (reset an RFC 3339 time)
    // beside OpenAI's.
    const anthropic = await send(gateway, "sk-anth", "/v1/messages");
    assert.equal(anthropic.status, 200);
    const headers = ratelimitHeaders(anthropic);
    assert.deepEqual(
      Object.keys(headers).filter((name) => name.startsWith("anthropic-"))
        .sort(),
      [
        "anthropic-ratelimit-requests-limit",
        "anthropic-ratelimit-requests-remaining",
        "anthropic-ratelimit-requests-reset",
        "anthropic-ratelimit-tokens-limit",
        "anthropic-ratelimit-tokens-remaining",
        "anthropic-ratelimit-tokens-reset",
      ],
    );
    assert.equal(headers["anthropic-ratelimit-requests-limit"], "1");
    assert.equal(headers["anthropic-ratelimit-requests-remaining"], "0");
    // Empty 1-a-minute bucket at 1000 s: full again at 1060 s.
    assert.equal(
      headers["anthropic-ratelimit-requests-reset"],
      new Date(FROZEN_AT + 60_000).toISOString().replace(".000Z", "Z"),
    );
    assert.equal(
      headers["anthropic-ratelimit-tokens-remaining"],
      headers["x-ratelimit-remaining-tokens"],
    );
    const anthropicRefused = await send(gateway, "sk-anth", "/v1/messages");
    assert.equal(anthropicRefused.status, 429);
    assert.equal(anthropicRefused.headers.get("retry-after"), "60");
    assert.equal(
      anthropicRefused.headers.get("anthropic-ratelimit-requests-remaining"),
      "0",
    );
    assert.ok(
      anthropicRefused.headers.has("anthropic-ratelimit-tokens-reset"),
    );
  } finally {
    gateway.dispose();
  }
}

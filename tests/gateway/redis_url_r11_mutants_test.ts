// A Redis URL that is no URL at all (a host without a scheme, a typo) is
// the same typed INVALID_CONFIG naming the setting, in the config's
// `redis.url` and in `REDIS_URL`, never a TypeError from the URL parser,
// and never with the password in the message.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  GatewayConfigError,
  parseGatewayConfig,
  redisSettings,
} from "../../src/gateway/mod.ts";

// Each fails `URL.canParse` (no scheme, a space in the host, a bad port).
const NOT_URLS = [
  "127.0.0.1:6379",
  "cache.internal",
  "redis://:Pa55-word@cache internal:6379",
  "redis://:Pa55-word@cache:99999999",
];

describe("a Redis URL that does not parse", () => {
  // Bug (`_redis_url.ts`, the `return` after `!URL.canParse(url)`
  // dropped): the next line's `new URL(url)` threw "Invalid URL", a
  // TypeError naming neither the setting nor what it needs.
  it("REDIS_URL: INVALID_CONFIG naming REDIS_URL", () => {
    for (const url of NOT_URLS) {
      assert.equal(URL.canParse(url), false, url);
      let error: unknown;
      try {
        redisSettings(undefined, () => url);
      } catch (e) {
        error = e;
      }
      assert.ok(error instanceof GatewayConfigError, `${url}: ${error}`);
      assert.equal(error.code, "INVALID_CONFIG");
      assert.equal(error.field, "REDIS_URL");
      assert.equal(
        error.message,
        "REDIS_URL must be a redis:// or rediss:// URL",
      );
    }
  });

  it("redis.url in the config: one line naming redis.url", async () => {
    for (const url of NOT_URLS) {
      const error = await parseGatewayConfig(
        JSON.stringify({ redis: { url } }),
        () => undefined,
      ).then(() => assert.fail(`accepted ${url}`), (e: unknown) => e);
      assert.ok(error instanceof GatewayConfigError, `${url}: ${error}`);
      assert.equal(error.field, "redis.url");
      assert.equal(
        error.message,
        "config: redis.url must be a redis:// or rediss:// URL",
      );
      assert.ok(!error.message.includes("Pa55"));
    }
  });
});

// A Redis URL whose path is not a database number, in the config's
// `redis.url` or in `REDIS_URL`: refused when the settings are read, with
// the setting and the path named and the password left out, not at connect
// time with the client's "Invalid pathname". A database number, or no
// path, still passes.
import assert from "node:assert/strict";
import {
  GatewayConfigError,
  parseGatewayConfig,
  redisSettings,
} from "../../src/gateway/mod.ts";

const BAD_PATHS = ["/abc", "/0x1", "/1e1", "/-1", "/1/2", "/%31", "/DB2"];
const GOOD_URLS = [
  "redis://127.0.0.1:6379",
  "redis://127.0.0.1:6379/",
  "redis://127.0.0.1:6379/0",
  "rediss://:pw@cache.internal:6380/15",
];

function refusal(read: () => unknown): GatewayConfigError {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof GatewayConfigError, String(error));
    return error;
  }
  assert.fail("accepted");
}

Deno.test("REDIS_URL: a path that is not a database number is an INVALID_CONFIG naming REDIS_URL and the path, never the password", () => {
  for (const path of BAD_PATHS) {
    const url = `redis://:Pa55-word@127.0.0.1:6379${path}`;
    const error = refusal(() => redisSettings(undefined, () => url));
    assert.equal(error.code, "INVALID_CONFIG", path);
    assert.equal(error.field, "REDIS_URL", path);
    assert.equal(
      error.message,
      `REDIS_URL has the path ${
        JSON.stringify(path)
      }, which is not a database number: end it with /N for database N, or with no path for database 0`,
    );
    assert.ok(!error.message.includes("Pa55"), error.message);
  }
  for (const url of GOOD_URLS) {
    assert.deepEqual(redisSettings(undefined, () => url), { url }, url);
  }
});

Deno.test("config: redis.url with a path that is not a database number is one line naming redis.url and the path; a $VAR reference is checked the same", async () => {
  const env = (name: string) =>
    name === "REDIS" ? "redis://:Pa55-word@cache:6379/abc" : undefined;
  for (
    const [url, path] of [
      ["redis://127.0.0.1:6379/0x1", "/0x1"],
      ["$REDIS", "/abc"],
    ]
  ) {
    const text = JSON.stringify({ redis: { url } });
    const error = await parseGatewayConfig(text, env).then(
      () => assert.fail(`accepted ${text}`),
      (e) => e,
    );
    assert.ok(error instanceof GatewayConfigError, String(error));
    assert.equal(error.field, "redis.url");
    assert.equal(
      error.message,
      `config: redis.url has the path ${
        JSON.stringify(path)
      }, which is not a database number: end it with /N for database N, or with no path for database 0`,
    );
    assert.ok(!error.message.includes("Pa55"), error.message);
  }
  for (const url of GOOD_URLS) {
    const config = await parseGatewayConfig(
      JSON.stringify({ redis: { url } }),
      () => undefined,
    );
    assert.equal(config.redis?.url, url);
  }
});

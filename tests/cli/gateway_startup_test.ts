// What `switchyard gateway` says when it starts, or why it does not, checked
// in-process (a runtime double: environment, files and signals given): the
// summary's lines for keys, the admin API, the response cache and each
// backend, the listening line, and the one-line refusals of a config file
// that is not UTF-8 and of a drain bound that is not a number. Each test
// names the planted bug it catches (`deno task mutation --sample`).
import assert from "node:assert/strict";
import { StartupError } from "../../src/cli/_startup_error.ts";
import { summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";
import { start } from "./_start_in_process.ts";

const ENV: Record<string, string> = {
  SWITCHYARD_CONFIG: "/etc/gw.json",
  K1: "sk-one-1234567890",
  K2: "sk-two-1234567890",
  ADMIN: "admin-key-1234567890",
};

async function summary(config: unknown): Promise<string[]> {
  const plan = await planGateway(
    (name) => ENV[name],
    () => JSON.stringify(config),
  );
  return summaryLines(plan, "/etc/gw.json", undefined)
    .filter((line) =>
      /keys:|admin API|response cache|^switchyard: {3}/.test(line)
    );
}

// Bugs: one key counted as none (`keys > 1`) or none as some (`>= 0`);
// keys in the config said to be none when an admin key is set too;
// the provider's own URL dropped for a backend that names none; the cache's
// default TTL or size dropped, a TTL of 0 read as the default.
Deno.test("switchyard gateway's summary: keys, admin API, response cache and each backend's URL", async () => {
  assert.deepEqual(
    await summary({
      backends: [
        { name: "g", provider: "groq", apiKey: "$K1" },
        { name: "e", provider: "echo" },
      ],
      keys: [{ id: "a", key: "$K1" }],
      cache: {},
    }),
    [
      "switchyard:   g: groq at https://api.groq.com/openai/v1; default model llama-3.3-70b-versatile",
      "switchyard:   e: echo (in-process test backend); default model echo",
      "switchyard: keys: on (1 key; every route but /metrics, /healthz and /readyz needs one)",
      "switchyard: response cache: in memory, at most 67108864 bytes; answers kept 3600s; for every chat request but keys with cache: false",
    ],
  );
  const two = await summary({
    keys: [{ id: "a", key: "$K1" }, { id: "b", key: "$K2" }],
    cache: { ttlSeconds: 0, maxBytes: 1000, enabled: false },
  });
  assert.deepEqual(two.slice(2), [
    "switchyard: keys: on (2 keys; every route but /metrics, /healthz and /readyz needs one)",
    "switchyard: response cache: in memory, at most 1000 bytes; answers kept 0s; for keys with cache: true and requests sending x-switchyard-cache-ttl",
  ]);
  const admin = await summary({
    admin: { key: "$ADMIN" },
    redis: { url: "redis://127.0.0.1:1" },
    cache: { store: "shared", namespace: "n1", ttlSeconds: 60 },
  });
  assert.deepEqual(admin.slice(2), [
    "switchyard: keys: on (none in the config yet: create them through the admin API; every route but /metrics, /healthz and /readyz needs one)",
    "switchyard: admin API at /admin, console at /console (both need the admin key)",
    "switchyard: response cache: shared on Redis (namespace n1); answers kept 60s; for every chat request but keys with cache: false",
  ]);
  const both = await summary({
    admin: { key: "$ADMIN" },
    keys: [{ id: "a", key: "$K1" }],
  });
  assert.deepEqual(both.slice(2), [
    "switchyard: keys: on (1 key; every route but /metrics, /healthz and /readyz needs one)",
    "switchyard: admin API at /admin, console at /console (both need the admin key)",
  ]);
  const open = await summary({});
  assert.deepEqual(open.slice(2), [
    "switchyard: keys: off (anyone who reaches the port may call; loopback only)",
  ]);
});

// Bug: the config file decoded leniently, so bytes that are not UTF-8 turn
// into U+FFFD inside names and keys instead of a clear refusal.
Deno.test("switchyard gateway: a config file that is not UTF-8 is refused in one line", async () => {
  const { listened, error } = await start({}, {
    "/srv/gw.json": new Uint8Array([
      ...new TextEncoder().encode('{"backends":[{"name":"e'),
      0xff,
      ...new TextEncoder().encode('","provider":"echo"}]}'),
    ]),
  }, ["--config", "gw.json"]);
  assert.equal(listened, false);
  assert.ok(error instanceof StartupError, String(error));
  assert.equal(error.message, "config file /srv/gw.json is not UTF-8 text");
});

// Bugs: SWITCHYARD_DRAIN_MS ignored (the drain bound a container sets
// silently not applied), or its refusal not naming it.
Deno.test("switchyard gateway: SWITCHYARD_DRAIN_MS is read, and a bad one is refused naming it", async () => {
  const bad = await start({ SWITCHYARD_DRAIN_MS: "soon" });
  assert.equal(bad.listened, false);
  assert.ok(bad.error instanceof StartupError, String(bad.error));
  assert.equal(
    bad.error.message,
    'SWITCHYARD_DRAIN_MS must be an integer from 0 to 3600000, got "soon"',
  );
  const flag = await start({ SWITCHYARD_DRAIN_MS: "soon" }, {}, [
    "--drain-ms",
    "1500",
  ]);
  assert.equal(flag.listened, true, String(flag.error));
  assert.ok(
    flag.out.includes(
      "switchyard: SIGTERM: draining 0 connection(s), up to 1500 ms",
    ),
    flag.out.join("\n"),
  );
  const good = await start({ SWITCHYARD_DRAIN_MS: "1234" });
  assert.ok(
    good.out.includes(
      "switchyard: SIGTERM: draining 0 connection(s), up to 1234 ms",
    ),
    good.out.join("\n"),
  );
});

// Bug: the listening line says "(undefined)" where it names what is served.
Deno.test("switchyard gateway: the listening line says what is served", async () => {
  const { out } = await start({});
  const line = out.find((text) => text.startsWith("switchyard: listening"));
  assert.match(
    line ?? out.join("\n"),
    /^switchyard: listening on http:\/\/127\.0\.0\.1:\d+\/ \(OpenAI-compatible API at \/v1, Anthropic at \/v1\/messages\); SIGTERM or Ctrl-C drains and stops it$/,
  );
});

// Bug (found through the summary's `??`): the older backends-only list took
// `defaultModel: ""`, which the config refuses; the summary then said "no
// default model" for an echo backend that has one, and a real provider got
// requests with model "".
Deno.test("switchyard gateway: a backends-only list with an empty defaultModel is refused in one line", async () => {
  const { listened, error } = await start({}, {
    "/srv/list.json": JSON.stringify([
      { name: "e", provider: "echo", defaultModel: "" },
    ]),
  }, ["--config", "list.json"]);
  assert.equal(listened, false);
  assert.ok(error instanceof StartupError, String(error));
  assert.equal(
    error.message,
    "/srv/list.json[0].defaultModel: expected a non-empty string",
  );
});

// Bugs: an empty PORT refused while an empty HOST or SWITCHYARD_DRAIN_MS
// counts as unset; an empty --drain-ms silently taken as the default, and an
// empty --port refused under the name PORT.
Deno.test("switchyard gateway: an empty PORT or SWITCHYARD_DRAIN_MS is unset; an empty flag value is refused naming the flag", async () => {
  const emptyPort = await start({ PORT: "" });
  // Port 8000 may be taken on a shared machine: either way it was 8000.
  if (emptyPort.listened) {
    assert.ok(
      emptyPort.out.some((line) =>
        line.startsWith("switchyard: listening on http://127.0.0.1:8000/")
      ),
      emptyPort.out.join("\n"),
    );
  } else {
    assert.ok(emptyPort.error instanceof StartupError, String(emptyPort.error));
    assert.match(
      emptyPort.error.message,
      /^cannot listen on 127\.0\.0\.1:8000: /,
    );
  }
  const emptyDrain = await start({ SWITCHYARD_DRAIN_MS: "" });
  assert.ok(
    emptyDrain.out.includes(
      "switchyard: SIGTERM: draining 0 connection(s), up to 25000 ms",
    ),
    emptyDrain.out.join("\n"),
  );
  for (const name of ["--port", "--drain-ms"]) {
    const { listened, error } = await start({}, {}, [name, ""]);
    assert.equal(listened, false, name);
    assert.ok(error instanceof StartupError, String(error));
    assert.match(
      error.message,
      new RegExp(`^${name} must be an integer from 0 to \\d+, got ""$`),
    );
  }
});

// Bugs: --host taken as a flag without a value (its address then read as a
// stray argument); the stray argument's refusal naming the wrong word.
Deno.test("switchyard gateway: --host takes an address, and a stray argument is refused by name", async () => {
  const host = await start({}, {}, ["--host", "127.0.0.1"]);
  assert.equal(host.listened, true, String(host.error));
  const stray = await start({}, {}, ["serve"]);
  assert.equal(stray.listened, false);
  assert.ok(stray.error instanceof StartupError, String(stray.error));
  assert.equal(stray.error.message, 'unexpected argument "serve"; see --help');
});

// The command's Redis client let go when its close does not end: a client
// of node-redis's shape whose `close()` never settles (a Redis that stopped
// answering mid-shutdown) or fails, handed to `connectRedis` through its
// loader. The close is bounded (3 s); past the bound the client must be
// destroyed, or its socket and reconnect timer keep a program that embeds
// `runGateway` alive after the command returned.
import assert from "node:assert/strict";
import { withTimeout } from "../_timeout.ts";
import { connectRedis, type NodeRedisClient } from "../../src/cli/_redis.ts";

/** Far past the 3 s close bound, for a loaded machine. */
const BOUND_MS = 20_000;

/** A client that connects at once, closes as `close` says, counts destroys. */
function fakeClient(close: () => Promise<unknown>) {
  let destroyed!: () => void;
  const destroy = new Promise<void>((resolve) => destroyed = resolve);
  let destroys = 0;
  const client: NodeRedisClient = {
    on: () => client,
    connect: () => Promise.resolve(),
    sendCommand: () => Promise.reject(new Error("not used here")),
    close,
    destroy() {
      destroys++;
      destroyed();
    },
  };
  return { client, destroy, destroys: () => destroys };
}

async function closeWith(close: () => Promise<unknown>) {
  const fake = fakeClient(close);
  const shared = await connectRedis(
    { url: "redis://127.0.0.1:6379" },
    { name: "deno" },
    () => Promise.resolve({ createClient: () => fake.client }),
  );
  assert.equal(shared.connected, true);
  const closing = shared.close();
  await withTimeout(fake.destroy, BOUND_MS, "the client was never destroyed");
  await withTimeout(closing, BOUND_MS, "close() did not return");
  assert.equal(fake.destroys(), 1);
}

// Bugs (planted by hand in `_redis.ts`: the close bound's `resolve(false)`
// made `true`, and `if (!closed)` inverted): a close that hangs past its
// bound returned without destroying the client.
Deno.test("switchyard gateway's Redis client: a close that never ends is destroyed after its bound", async () => {
  await closeWith(() => new Promise(() => {}));
});

// Bug (planted by hand: the close's rejection read as `true`): a close that
// fails (the connection already broken) left the client to reconnect.
Deno.test("switchyard gateway's Redis client: a close that fails is destroyed", async () => {
  await closeWith(() => Promise.reject(new Error("connection reset")));
});

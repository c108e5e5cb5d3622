// A bug planted by hand beside the keys+limits draws of seeds 20261165 and
// 20261166 (`keys.ts`, `found ??= key` → `found = key`: the last of two keys
// sharing a secret authenticated, not the first) survived, and showed the
// fault under it: two config keys with one secret were accepted, and one of
// them could never be used, its limits and budget silently dead. They are
// refused where the key ring is made, as a repeated id is.
import assert from "node:assert/strict";
import { createGateway, hashKey, KeyRing } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

Deno.test("keys: two keys with one secret are refused where the key ring is made, in either letter case", async () => {
  const digest = await hashKey("sk-shared");
  for (const twin of [digest, digest.toUpperCase()]) {
    const keys = [
      { id: "team-a", sha256: digest, rpm: 10 },
      { id: "other", sha256: await hashKey("sk-other") },
      { id: "team-b", sha256: twin, rpm: 1_000 },
    ];
    assert.throws(
      () => new KeyRing(keys),
      (error: unknown) => {
        assert.ok(error instanceof TypeError, String(error));
        assert.match(error.message, /"team-b".*same secret.*"team-a"/);
        assert.ok(!error.message.toLowerCase().includes(digest));
        return true;
      },
    );
    assert.throws(
      () => createGateway({ backends: [["echo", createEchoAdapter()]], keys }),
      TypeError,
    );
  }
});

Deno.test("keys: keys with different secrets each authenticate as themselves", async () => {
  const ring = new KeyRing([
    { id: "team-a", sha256: await hashKey("sk-a") },
    // The other's digest written uppercase, as Get-FileHash prints it.
    { id: "team-b", sha256: (await hashKey("sk-b")).toUpperCase() },
  ]);
  const as = async (secret: string) =>
    (await ring.authenticate(
      new Headers({ authorization: `Bearer ${secret}` }),
    )).id;
  assert.equal(await as("sk-a"), "team-a");
  assert.equal(await as("sk-b"), "team-b");
});

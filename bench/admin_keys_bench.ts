// What the admin API costs a model request: a chat through the gateway
// with one config key, against the same with an admin section and 100 keys
// created at run time (in memory; the version check runs at most once per
// syncMs, so a request almost always just compares digests). Read the two
// as a ratio.
import { createGateway, hashKey } from "../src/gateway/mod.ts";
import { createEchoAdapter } from "../src/models/testing.ts";

const SECRET = "sk-bench";
const backends = [["echo", createEchoAdapter()]] as const;
const keys = [{ id: "bench", sha256: await hashKey(SECRET) }];
const plain = createGateway({ backends, keys });
const admin = createGateway({
  backends,
  keys,
  admin: { sha256: await hashKey("sk-admin") },
});
for (let i = 0; i < 100; i++) {
  const created = await admin(
    new Request("http://localhost/admin/keys", {
      method: "POST",
      headers: { authorization: "Bearer sk-admin" },
      body: JSON.stringify({ id: `k${i}` }),
    }),
  );
  await created.body?.cancel();
}
const body = JSON.stringify({
  model: "echo",
  messages: [{ role: "user", content: "hi" }],
});
const chat = () =>
  new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    headers: { authorization: `Bearer ${SECRET}` },
    body,
  });

Deno.bench(
  "chat, config keys only",
  { group: "admin", baseline: true },
  async () => {
    await (await plain(chat())).arrayBuffer();
  },
);
Deno.bench(
  "chat, admin on with 100 runtime keys",
  { group: "admin" },
  async () => {
    await (await admin(chat())).arrayBuffer();
  },
);

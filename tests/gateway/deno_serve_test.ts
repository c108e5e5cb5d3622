// `deno serve` runs a module whose default export is the gateway (Deno only).
import assert from "node:assert/strict";
import { fetchSignal, stopChild } from "../_bounded.ts";

const FIXTURE =
  new URL("../fixtures/gateway_serve.ts", import.meta.url).pathname;

Deno.test("deno serve runs a module exporting the gateway", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["serve", "--host", "127.0.0.1", "--port", "0", FIXTURE],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  // SIGKILL if it never says where it listens.
  const deadline = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const lines = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let text = "";
    let origin: string | undefined;
    while (origin === undefined) {
      const { value, done } = await lines.read();
      assert.ok(!done, `deno serve exited: ${text}`);
      text += value;
      origin = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    }
    const response = await fetch(`${origin}/v1/chat/completions`, {
      signal: fetchSignal(),
      method: "POST",
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "served" }],
      }),
    });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).choices[0].message.content, "served");
  } finally {
    clearTimeout(deadline);
    await lines.cancel();
    await stopChild(child, 5000);
  }
});

// serveGateway with real curl on the wire: a 2 MiB prompt (curl sends
// `Expect: 100-continue` above 1 MiB) streamed back through chunked framing.
import assert from "node:assert/strict";
import { createGateway, serveGateway } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { needs, programPath } from "../_programs.ts";
import { run, shutdownBounded } from "../_bounded.ts";

const NAME =
  "serveGateway: curl streams a 2 MiB prompt back (100-continue, chunked)";

Deno.test(NAME, needs(NAME, "curl"), async () => {
  const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
  const server = await serveGateway(gateway, { port: 0 });
  const prompt = "word ".repeat(400 * 1024); // 2 MiB
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(
      file,
      JSON.stringify({
        model: "echo",
        stream: true,
        messages: [{ role: "user", content: prompt }],
      }),
    );
    const result = await run(programPath("curl"), {
      args: [
        "-sS",
        "-N",
        "-v",
        "--max-time",
        "30",
        "-H",
        "content-type: application/json",
        "--data-binary",
        `@${file}`,
        `http://127.0.0.1:${server.addr.port}/v1/chat/completions`,
      ],
      timeoutMs: 40_000,
    });
    assert.equal(result.code, 0, result.err);
    assert.match(result.err, /Expect: 100-continue/i);
    assert.match(result.err, /HTTP\/1\.1 100 Continue/);
    assert.match(result.err, /HTTP\/1\.1 200 OK/);
    let text = "";
    for (const line of result.out.split("\n")) {
      if (!line.startsWith("data: {")) continue;
      text += JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? "";
    }
    assert.equal(text, prompt);
    assert.match(result.out, /data: \[DONE\]\n/);
  } finally {
    await Deno.remove(file);
    await shutdownBounded(server);
    gateway.dispose();
  }
});

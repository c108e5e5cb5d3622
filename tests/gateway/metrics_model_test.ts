// The metrics' `model` label is the name after aliases (what was asked of
// the backends), bounded like every client-chosen label; the log line keeps
// the name the client sent. Portable: the npm build runs it under Node too.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createGateway, type RequestLogEntry } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

function chat(model: string): Request {
  return new Request("http://localhost/v1/chat/completions", {
    method: "POST",
    body: JSON.stringify({
      model,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
}

/** The `model` label values of `switchyard_requests_total`. */
async function modelLabels(
  gateway: (request: Request) => Promise<Response>,
): Promise<string[]> {
  const text = await (await gateway(
    new Request("http://localhost/metrics"),
  )).text();
  return [
    ...text.matchAll(/^switchyard_requests_total\{[^}]*model="([^"]*)"/gm),
  ].map((match) => match[1]).sort();
}

describe("the metrics' model label", () => {
  it("is the alias target, while the log keeps the client's name", async () => {
    const log: RequestLogEntry[] = [];
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      aliases: { fast: "echo/small", cheap: "echo/small" },
      logger: (entry) => log.push(entry),
    });
    try {
      for (const model of ["fast", "cheap", "echo"]) {
        assert.equal((await gateway(chat(model))).status, 200, model);
      }
      assert.deepEqual(await modelLabels(gateway), ["echo", "echo/small"]);
      assert.deepEqual(
        log.filter((entry) => entry.api).map((entry) => entry.model),
        ["fast", "cheap", "echo"],
      );
    } finally {
      gateway.dispose();
    }
  });

  it("is cut at 200 characters, alias target or not", async () => {
    const long = "m".repeat(5000);
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      aliases: { wide: `echo/${"w".repeat(5000)}` },
    });
    try {
      await gateway(chat(long));
      await gateway(chat("wide"));
      const labels = await modelLabels(gateway);
      assert.deepEqual(labels.map((label) => label.length), [200, 200]);
      assert.deepEqual(labels, [`echo/${"w".repeat(195)}`, "m".repeat(200)]);
    } finally {
      gateway.dispose();
    }
  });
});

// OLLAMA_HOST as Ollama's own client reads it (envconfig: spaces trimmed,
// then quotes, then spaces again): an env file's `OLLAMA_HOST=" box:8080 "`
// names box:8080, the spaces inside the quotes ignored too. A port is at
// most 65535: that one is taken, 65536 is refused by name.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { GatewayConfigError, ollamaBaseURL } from "../../src/gateway/mod.ts";

describe("ollamaBaseURL", () => {
  // Bug (`env_backends.ts`, the trim after the quotes are removed dropped):
  // `" box:8080 "` kept its inner spaces and was refused as not a host.
  it("ignores spaces inside the quotes, as Ollama does", () => {
    for (
      const [value, expected] of [
        ['" gpu-box:8080 "', "http://gpu-box:8080"],
        ["'\t0.0.0.0 '", "http://127.0.0.1:11434"],
        [' " http://gpu-box:11434/ " ', "http://gpu-box:11434"],
      ]
    ) {
      assert.equal(ollamaBaseURL(value), expected, JSON.stringify(value));
    }
  });

  // Bugs (`env_backends.ts`, `Number(port) > 65535` → `>=` or `> 65536`):
  // the highest port was refused, or one past it taken.
  it("takes port 65535 and refuses 65536", () => {
    assert.equal(ollamaBaseURL("gpu-box:65535"), "http://gpu-box:65535");
    assert.throws(
      () => ollamaBaseURL("gpu-box:65536"),
      (error: unknown) => {
        assert.ok(error instanceof GatewayConfigError, String(error));
        assert.match(error.message, /invalid port "65536"/);
        return true;
      },
    );
  });
});

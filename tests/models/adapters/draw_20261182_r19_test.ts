// What the nineteenth round's fresh draw of the adapters (seed 20261182)
// showed no test checked: toward Anthropic, `service_tier` goes as is when
// it holds one of Anthropic's values (`auto`, `standard_only`), and OpenAI's
// own tiers, which Anthropic refuses, are dropped and named. No Deno API:
// the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { anthropicRefusing, anthropicWith } from "./_anthropic_upstream.ts";

const hi = [{ role: "user" as const, content: "Hi" }];

async function toAnthropic(tier: string) {
  const { adapter, requests } = anthropicWith(anthropicRefusing());
  const answer = await adapter.execute({
    messages: hi,
    parameters: { service_tier: tier },
  });
  return {
    body: requests[0].body as Record<string, unknown>,
    dropped: answer.metadata.dropped,
  };
}

describe("draw 20261182: service_tier toward Anthropic", () => {
  it("sends Anthropic's own tiers as they are", async () => {
    for (const tier of ["auto", "standard_only"]) {
      const { body, dropped } = await toAnthropic(tier);
      assert.equal(body.service_tier, tier);
      assert.equal(dropped, undefined, tier);
    }
  });

  it("drops OpenAI's tiers and names them", async () => {
    for (const tier of ["default", "flex", "priority", "scale"]) {
      const { body, dropped } = await toAnthropic(tier);
      assert.equal("service_tier" in body, false, tier);
      assert.deepEqual(dropped, ["service_tier"], tier);
    }
  });
});

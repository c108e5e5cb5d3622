// The mutation sample's test lists: each area runs the tests of its own
// directory. An exclusion meant for a broader entry (models-core's
// `!tests/models/adapters/`) once removed the adapters' and the stores' own
// tests too, so their mutants ran against other areas' tests and survived.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { expandTests } from "../../scripts/_mutation_select.ts";
import { AREAS } from "../../scripts/_mutation_areas.ts";

const root = new URL("../..", import.meta.url).pathname;

function testsOf(name: string): string[] {
  const area = AREAS.find((a) => a.name === name);
  assert.ok(area !== undefined, name);
  return expandTests(root, area.tests);
}

describe("mutation sample: the tests an area runs", () => {
  it("models-adapters runs the adapter tests and models-stores the store tests", () => {
    const adapters = testsOf("models-adapters");
    assert.ok(
      adapters.includes("tests/models/adapters/answer_details_test.ts"),
    );
    assert.ok(adapters.includes("tests/models/router_test.ts"));
    // The gateway's tests of the adapters' field tables, and no other.
    assert.ok(adapters.includes("tests/gateway/native_table_test.ts"));
    assert.ok(adapters.includes("tests/gateway/cost_test.ts"));
    assert.ok(!adapters.includes("tests/gateway/admin_test.ts"));
    assert.ok(!adapters.some((t) => t.startsWith("tests/models/stores/")));
    const stores = testsOf("models-stores");
    assert.ok(stores.some((t) => t.startsWith("tests/models/stores/")));
    assert.ok(!stores.some((t) => t.startsWith("tests/models/adapters/")));
  });

  it("an exclusion still drops what a broader entry brought in", () => {
    const core = testsOf("models-core");
    assert.ok(!core.some((t) => t.startsWith("tests/models/stores/")));
    assert.ok(core.includes("tests/models/router_test.ts"));
  });
});

// Tests for the client targets' shared request check (targets/_request.ts):
// survivors of the twelfth round's hand planting, each asserting what a user
// of generateCode relies on.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { targets } from "../../../src/convert/code.ts";
import { BASE, refusal } from "./_refusal.ts";

// curl and fetch write the URL as given; every client target checks it.
const CLIENTS = targets.map((t) => t.id).filter((id) =>
  id !== "curl" && id !== "fetch"
);

describe("client targets: a request without a URL", () => {
  it("is MISSING_URL, whether the URL is empty or no string at all", () => {
    assert.ok(CLIENTS.length >= 10, CLIENTS.join());
    for (const target of CLIENTS) {
      for (const url of ["", undefined]) {
        const error = refusal({ ...BASE, url: url as string }, target);
        assert.equal(error.code, "MISSING_URL", `${target} ${url}`);
      }
    }
  });
});

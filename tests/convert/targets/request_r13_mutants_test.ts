// Tests for the client targets' shared request check (targets/_request.ts):
// survivors of the twelfth round's hand planting, each asserting what a user
// of generateCode relies on.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { generateCode, targets } from "../../../src/convert/code.ts";
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

describe("client targets: a path-only URL (a raw HTTP message's form)", () => {
  it("is made absolute from the host header in any letter case", () => {
    for (const name of ["Host", "HOST", "host"]) {
      for (const target of CLIENTS) {
        const { code } = generateCode({
          ...BASE,
          url: "/a?b=1",
          headers: { [name]: "e.x:8080" },
        }, { target });
        assert.ok(
          code.includes("http://e.x:8080/a?b=1"),
          `${target} ${name}: ${code}`,
        );
      }
    }
  });
});

describe("client targets: a method the client upper-cases", () => {
  it("is refused naming the method it would send instead", () => {
    const error = refusal({ ...BASE, method: "patch" }, "python-requests");
    assert.equal(error.code, "UNSUPPORTED_BY_TARGET");
    assert.ok(
      error.message.includes('"patch" would be sent as "PATCH"'),
      error.message,
    );
  });
});

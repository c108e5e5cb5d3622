// Tests for the client targets' shared request check (targets/_request.ts):
// survivors of the twelfth round's hand planting, each asserting what a user
// of generateCode relies on.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  ConversionError,
  generateCode,
  targets,
  toCode,
} from "../../../src/convert/code.ts";
import { BASE, refusal } from "./_refusal.ts";

// curl and fetch write the URL as given; every client target checks it.
const CLIENTS = targets.map((t) => t.id).filter((id) =>
  id !== "curl" && id !== "fetch"
);

describe("every target: a request without a URL", () => {
  it("is MISSING_URL for an empty URL, and INVALID_INPUT naming it for no string, as toCode answers", async () => {
    const all = targets.map((t) => t.id);
    assert.ok(all.length >= 12, all.join());
    for (const target of all) {
      assert.equal(refusal({ ...BASE, url: "" }, target).code, "MISSING_URL");
      for (const url of [undefined, 5]) {
        const error = refusal({ ...BASE, url: url as never }, target);
        assert.equal(error.code, "INVALID_INPUT", `${target} ${url}`);
        assert.equal(error.path, "url", `${target} ${url}`);
        const viaToCode = await toCode({ ...BASE, url: url as never }, {
          target,
        }).then(() => undefined, (e) => e);
        assert.equal(viaToCode?.code, "INVALID_INPUT", `${target} ${url}`);
      }
    }
  });

  it("a target called on its own (the exported table) refuses a missing URL as MISSING_URL, curl and fetch too", () => {
    for (const target of targets) {
      for (const url of ["", undefined]) {
        assert.throws(
          () => target.generate({ ...BASE, url: url as never }, {}),
          (error) =>
            error instanceof ConversionError && error.code === "MISSING_URL",
          `${target.id} ${url}`,
        );
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

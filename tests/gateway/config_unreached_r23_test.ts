// Configuration refusals that no test reached (round 23: a coverage run of
// the gateway's tests listed them). Each is what an operator meets with a
// mistake in a config file, a backends list or createGateway's options: an
// error naming the field, before anything listens.
// No Deno API.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createGateway,
  GatewayConfigError,
  parseGatewayConfig,
  planGateway,
} from "../../src/gateway/mod.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];

/** Asserts `run` rejects with a GatewayConfigError naming `field`. */
async function refused(
  run: () => unknown,
  field: string,
  message: string,
): Promise<void> {
  const error = await (async () => await run())().then(
    () => undefined,
    (e) => e,
  );
  assert.ok(error instanceof GatewayConfigError, String(error));
  assert.equal(error.field, field);
  assert.equal(error.message, message);
}

describe("a config file's keys or backends that are no list", () => {
  it("is refused naming the field", async () => {
    for (const field of ["keys", "backends"]) {
      for (const value of ["{}", '"a"', "1"]) {
        await refused(
          () => parseGatewayConfig(`{"${field}": ${value}}`, env({})),
          field,
          `config: ${field} must be an array`,
        );
      }
    }
  });
});

describe("SWITCHYARD_CONFIG", () => {
  it("a file that cannot be read is refused naming its path and why", async () => {
    await refused(
      () =>
        planGateway(env({ SWITCHYARD_CONFIG: "/etc/gw.json" }), () => {
          throw new Error("No such file or directory");
        }),
      "/etc/gw.json",
      "/etc/gw.json: cannot read (No such file or directory)",
    );
  });

  it("a backends list with an empty baseURL or defaultModel is refused naming it", async () => {
    for (const field of ["baseURL", "defaultModel"]) {
      await refused(
        () =>
          planGateway(
            env({ SWITCHYARD_CONFIG: "b.json" }),
            () =>
              JSON.stringify([
                { name: "a", provider: "openai", apiKey: "k", [field]: "" },
              ]),
          ),
        `b.json[0].${field}`,
        `b.json[0].${field}: expected a non-empty string`,
      );
    }
  });
});

describe("createGateway's admin digest", () => {
  it("that is not 64 hex digits is refused at once", () => {
    for (const sha256 of ["xyz", "a".repeat(63), "g".repeat(64)]) {
      assert.throws(
        () => createGateway({ backends: [], admin: { sha256 } }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message === "admin.sha256 must be 64 hex digits",
        sha256,
      );
    }
  });
});

// The command's runtime module loaded afresh while `Deno` is what another
// runtime shows: absent (Node), or a partial object some shims define. The
// module reads the global once, as it loads, so the copy keeps what it saw
// after the real `Deno` is put back.
import assert from "node:assert/strict";

type RuntimeModule = typeof import("../../src/cli/_runtime.ts");

/** A fresh copy of the runtime module, loaded with `Deno` as `shown` (or absent). */
export async function runtimeModuleWith(
  shown: { deno?: unknown } = {},
): Promise<RuntimeModule> {
  // deno-lint-ignore no-explicit-any
  const scope = globalThis as any;
  // Deno's `process` loads lazily and reads Deno: touch it first.
  assert.equal(typeof scope.process.versions.node, "string");
  // The global is read-only: replaced and put back as a property.
  const saved = Object.getOwnPropertyDescriptor(scope, "Deno")!;
  if ("deno" in shown) {
    Object.defineProperty(scope, "Deno", {
      value: shown.deno,
      configurable: true,
      writable: true,
    });
  } else delete scope.Deno;
  try {
    return await import(
      `../../src/cli/_runtime.ts?as-other=${crypto.randomUUID()}`
    );
  } finally {
    Object.defineProperty(scope, "Deno", saved);
  }
}

// linkSignal, the one link from a caller's (or the Router's) signal to a
// call's own controller that the attempts, dispatchParallel and health
// checks share. Its contract, tested directly: the entry points now check an
// already-aborted signal before they link, so no call reaches its first
// branch, but a new caller of the helper relies on it as its docs say.
import assert from "node:assert/strict";
import { linkSignal } from "../../src/models/_util.ts";

Deno.test("linkSignal: a parent already aborted aborts the child at once, with the parent's reason", () => {
  const reason = new Error("caller left");
  const child = new AbortController();
  const unlink = linkSignal(AbortSignal.abort(reason), child);
  assert.equal(child.signal.aborted, true);
  assert.equal(child.signal.reason, reason);
  unlink(); // nothing to remove: must not throw
});

Deno.test("linkSignal: a later abort reaches the child; after unlink it does not", () => {
  const parent = new AbortController();
  const linked = new AbortController();
  linkSignal(parent.signal, linked);
  const unlinked = new AbortController();
  linkSignal(parent.signal, unlinked)();
  assert.equal(linked.signal.aborted, false);
  parent.abort("stop");
  assert.equal(linked.signal.reason, "stop");
  assert.equal(unlinked.signal.aborted, false);
});

Deno.test("linkSignal: no parent leaves the child as it is", () => {
  const child = new AbortController();
  linkSignal(undefined, child)();
  assert.equal(child.signal.aborted, false);
});

// A store the fleet tests can refuse, hold or break method by method, and
// the bounded timer loop they wait with: the setup the Router-side and
// store-side fleet-link tests share.
import assert from "node:assert/strict";
import type { IRWarning, RouterStore } from "../../../src/models/mod.ts";
import type { FakeTime } from "../_fake_time.ts";
import { tick } from "../_helpers.ts";

/**
 * Calls of one method after which the store answers no more. A Router that
 * sends a refused report again at once, without end, does it all in
 * microtasks: the test would never run again while the memory fills. Cut
 * off, the loop ends and the test fails on its counts.
 */
export const CALL_BUDGET = 10_000;

/**
 * `inner` behind a Proxy: every method call is counted by name in `called`,
 * then answered by `answer(name, call)`, where `call()` runs the method.
 * Properties that are not methods pass through.
 */
export function intercepted(
  inner: RouterStore,
  answer: (name: string, call: () => unknown) => unknown,
): { store: RouterStore; called: Record<string, number> } {
  const called: Record<string, number> = {};
  const store = new Proxy(inner, {
    get(target, name) {
      const method = Reflect.get(target, name) as (
        ...args: unknown[]
      ) => unknown;
      if (typeof method !== "function") return method;
      const key = String(name);
      return (...args: unknown[]) => {
        called[key] = (called[key] ?? 0) + 1;
        return answer(key, () => method.apply(target, args));
      };
    },
  });
  return { store, called };
}

/**
 * The memory store behind promises; `fail` names methods that reject,
 * ("*": all), `hold` methods that answer nothing until the test answers
 * or refuses them, `throwing` methods that throw before returning (a client that is not
 * connected); every call is counted by method, and one past
 * {@link CALL_BUDGET} is never answered.
 */
export function controlled(inner: RouterStore) {
  const { store, called } = intercepted(inner, (key, call) => {
    if (called[key] > CALL_BUDGET) return new Promise(() => {});
    if (control.throwing.has(key)) throw new Error("not connected");
    if (control.hold.has(key)) {
      return new Promise((resolve, reject) =>
        control.held.push((answer) =>
          answer ? resolve(call()) : reject(new Error("READONLY"))
        )
      );
    }
    if (control.fail.has(key) || control.fail.has("*")) {
      return Promise.reject(new Error("NOREPLICAS: writes refused"));
    }
    return Promise.resolve().then(call);
  });
  const control = {
    fail: new Set<string>(),
    throwing: new Set<string>(),
    /**
     * Methods whose calls wait in `held` until the test answers (true) or
     * refuses (false) them.
     */
    hold: new Set<string>(),
    held: [] as ((answer: boolean) => void)[],
    /**
     * Stops holding, then answers (true) or refuses (false) every call
     * held so far, in the order they came: a held report or batch let go.
     */
    release(answer: boolean): void {
      control.hold.clear();
      control.held.splice(0).forEach((settle) => settle(answer));
    },
    called,
  };
  return { store, control };
}

/** Fires timers (moving the fake clock) until `done()`, at most 100. */
export async function fireUntil(
  time: FakeTime,
  done: () => boolean,
  what: string,
): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) {
    await tick();
    if (!done()) time.fire();
  }
  assert.ok(done(), `${what} within 100 timers`);
}

/** The codes of the store warnings among `warnings`, in order. */
export const storeCodes = (warnings: IRWarning[]): string[] =>
  warnings.filter((w) => w.code.startsWith("store-")).map((w) => w.code);

/**
 * The store `inner` answering every method at once, except `claimProbe`:
 * the claim is granted when it is asked (the store's state then decides its
 * ticket) but its answer waits in `deliveries` until the test calls one, so
 * the Router can move on before it learns the claim. Every call is counted
 * by method in `called`.
 */
export function lateClaims(inner: RouterStore) {
  const deliveries: (() => void)[] = [];
  const { store, called } = intercepted(inner, (key, call) => {
    const value = call();
    return key === "claimProbe"
      ? new Promise((resolve) => deliveries.push(() => resolve(value)))
      : Promise.resolve(value);
  });
  return { store, called, deliveries };
}

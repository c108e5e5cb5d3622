// The abort listeners left on signals still alive, counted from
// AbortSignal.prototype: the Router's lifetime signal is its own, out of a
// test's reach, so every signal is watched. A long-lived signal (the
// lifetime's, a caller's shared by many calls) must not keep a listener per
// settled call: a long-running gateway would grow that list with its traffic.
import { waitUntil } from "../_timeout.ts";

/**
 * Counts the abort listeners on live signals while `body` runs, from
 * AbortSignal.prototype: the lifetime's signal is the Router's own, out of
 * a test's reach, so every signal is watched. `adds` counts every abort
 * listener added meanwhile, removed or not.
 */
export async function watchingListeners(
  body: (live: () => number, adds: () => number) => Promise<void>,
): Promise<void> {
  const proto = AbortSignal.prototype as unknown as Record<string, unknown>;
  const listeners = new Map<AbortSignal, Set<unknown>>();
  const live = (): number => {
    let n = 0;
    for (const [signal, set] of listeners) if (!signal.aborted) n += set.size;
    return n;
  };
  let added = 0;
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  proto.addEventListener = function (
    this: AbortSignal,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    if (type === "abort" && listener !== null) {
      added++;
      let set = listeners.get(this);
      if (set === undefined) listeners.set(this, set = new Set());
      set.add(listener);
    }
    add.call(this, type, listener, options);
  };
  proto.removeEventListener = function (
    this: AbortSignal,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void {
    if (type === "abort") listeners.get(this)?.delete(listener);
    remove.call(this, type, listener, options);
  };
  try {
    await body(live, () => added);
  } finally {
    delete proto.addEventListener;
    delete proto.removeEventListener;
  }
}

/** Waits (a bounded number of turns) until no live signal has a listener. */
export function noneLeft(live: () => number, what: string): Promise<void> {
  return waitUntil(() => live() === 0, `${what}: ${live()} listeners left`, 25);
}

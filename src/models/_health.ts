// Health: probes of each adapter's healthCheck, bounded by a timeout and by
// the Router's lifetime, shared between concurrent callers, and the
// background schedule (a chain of unref'd timeouts, so it never keeps a
// process alive and runs never overlap). Owns the probes in flight and the
// timer; the answers go to each BackendEntry.

import type { BackendAdapter } from "./types.ts";
import type { Settings } from "./_config.ts";
import type { Lifetime } from "./_lifetime.ts";
import type { Registry } from "./_registry.ts";
import type { BackendEntry } from "./_state.ts";
import {
  ignore,
  linkSignal,
  raceAbort,
  TIMEOUT_REASON,
  timerDelay,
  unrefTimeout,
} from "./_util.ts";

/**
 * Calls `adapter.healthCheck` (which must exist): anything but `false` is
 * healthy; `false`, a rejection or the timeout is unhealthy. Never rejects.
 */
async function probeAdapter(
  adapter: BackendAdapter,
  timeoutMs: number,
  lifetime: AbortSignal,
  background: boolean,
): Promise<boolean> {
  const controller = new AbortController();
  const unlink = linkSignal(lifetime, controller);
  const abortOnTimeout = (): void => controller.abort(TIMEOUT_REASON);
  const timer = timeoutMs === Infinity
    ? undefined
    : background
    ? unrefTimeout(abortOnTimeout, timeoutMs)
    : setTimeout(abortOnTimeout, timerDelay(timeoutMs));
  try {
    const check = Promise.resolve().then(() =>
      adapter.healthCheck!(controller.signal)
    );
    return (await raceAbort(check, controller.signal)) !== false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    unlink();
  }
}

/**
 * A caller's wait on a probe someone else started (a background probe runs
 * on unref'd timers, which alone would let the event loop end under the
 * caller's await): a ref'd timer keeps the wait bounded and alive, and
 * answers unhealthy if it fires first. Never rejects.
 */
function awaitShared(
  probe: Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> {
  if (timeoutMs === Infinity) return probe;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timerDelay(timeoutMs));
  });
  return Promise.race([probe, bound]).finally(() => clearTimeout(timer));
}

/** A probe in flight, shared by concurrent callers. */
interface Probe {
  readonly answer: Promise<boolean>;
  /** The adapter probed: replace() starts afresh. */
  readonly adapter: BackendAdapter;
  /** Runs on unref'd timers. */
  readonly background: boolean;
}

/** Probes backends and keeps the background schedule. */
export class HealthMonitor {
  readonly #registry: Registry;
  readonly #settings: Settings;
  readonly #lifetime: Lifetime;
  readonly #probes = new WeakMap<BackendEntry, Probe>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(registry: Registry, settings: Settings, lifetime: Lifetime) {
    this.#registry = registry;
    this.#settings = settings;
    this.#lifetime = lifetime;
    this.#schedule();
  }

  /** Probes every registered backend; each name mapped to its health. */
  all(background: boolean): Promise<Record<string, boolean>> {
    const entries = this.#registry.order.slice();
    return Promise.all(entries.map((e) => this.probe(e, background))).then(
      (results) => {
        const out: Record<string, boolean> = {};
        entries.forEach((e, i) => (out[e.name] = results[i]));
        return out;
      },
    );
  }

  /** Probes one backend; concurrent probes of one backend share one call. */
  probe(entry: BackendEntry, background: boolean): Promise<boolean> {
    const shared = this.#probes.get(entry);
    if (shared !== undefined && shared.adapter === entry.adapter) {
      return background || !shared.background
        ? shared.answer
        : awaitShared(shared.answer, this.#settings.healthTimeout);
    }
    const answer = this.#run(entry, background).finally(() => {
      if (this.#probes.get(entry)?.answer === answer) {
        this.#probes.delete(entry);
      }
    });
    this.#probes.set(entry, { answer, adapter: entry.adapter, background });
    return answer;
  }

  /** dispose(): no further background runs. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #run(entry: BackendEntry, background: boolean): Promise<boolean> {
    const adapter = entry.adapter;
    // Without healthCheck the answer is applied synchronously, as ever.
    const healthy = typeof adapter.healthCheck !== "function" ||
      await probeAdapter(
        adapter,
        this.#settings.healthTimeout,
        this.#lifetime.signal,
        background,
      );
    // A probe that outlived dispose(), unregister() or replace() says nothing.
    if (
      !this.#registry.disposed &&
      this.#registry.entries.get(entry.name) === entry &&
      entry.adapter === adapter
    ) {
      entry.setHealth(healthy, this.#settings.now());
    }
    return healthy;
  }

  /** Chains unref'd timeouts: the next run starts after this one ends. */
  #schedule(): void {
    const interval = this.#settings.healthInterval;
    // Infinity means never, not setTimeout's overflow to 1 ms.
    if (this.#stopped || interval <= 0 || interval === Infinity) return;
    this.#timer = unrefTimeout(() => {
      this.#timer = undefined;
      this.all(true).then(ignore, ignore).finally(() => this.#schedule());
    }, interval);
  }
}

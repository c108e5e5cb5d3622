// Long call timeouts (the adapters' default is ten minutes) are checked by
// one shared interval that ticks every second, instead of a timer armed and
// cleared per call. Arming and clearing a runtime timer costs a request
// served under Deno about 30 µs of CPU: about 7% of the latency a bare
// Deno.serve + fetch relay adds, measured side by side in
// bench/call_timers.ts. A Set entry costs next to nothing. The price is
// precision: such a timeout fires up to one tick late, which for timeouts of
// at least COARSE_MIN_MS is at most a tenth of the wait. Shorter timeouts
// keep a timer of their own.
//
// The interval starts when this module is evaluated, never later, and is
// unref'd: it keeps no process alive, and since no call starts it, Deno's
// test sanitizers never see a timer a test left running. A runtime that
// refuses timers at module scope (Cloudflare Workers) gets no interval, and
// every timeout its own timer.

/** What the watchdog checks on each tick. */
export interface Watched {
  /** Called with `performance.now()`; aborts the call once it is overdue. */
  check(now: number): void;
}

/** The watchdog's period: the most a watched timeout fires late. */
export const TICK_MS = 1000;

/** Timeouts at least this long are watched; shorter ones get a timer. */
export const COARSE_MIN_MS = 10 * TICK_MS;

const watched = new Set<Watched>();

function tick(): void {
  if (watched.size === 0) return;
  const now = performance.now();
  // A check may unwatch its own entry: deleting the current element of a
  // Set during for...of is safe and skips nothing.
  for (const entry of watched) entry.check(now);
}

interface DenoTimers {
  unrefTimer?(id: number): void;
}

/** Starts the interval; false where the runtime refuses it here. */
function start(): boolean {
  try {
    const id: unknown = setInterval(tick, TICK_MS);
    const deno = (globalThis as { Deno?: DenoTimers }).Deno;
    if (typeof id === "number") {
      if (typeof deno?.unrefTimer === "function") deno.unrefTimer(id);
    } else if (
      typeof (id as { unref?: unknown } | null)?.unref === "function"
    ) {
      (id as { unref: () => void }).unref();
    }
    return true;
  } catch {
    return false;
  }
}

const running = start();

/**
 * Whether a timeout of `ms` is left to the watchdog (else the caller arms
 * its own timer).
 */
export function watchable(ms: number): boolean {
  return running && ms >= COARSE_MIN_MS && ms !== Infinity;
}

/** Adds `entry` to the checks of every tick until {@linkcode unwatch}. */
export function watch(entry: Watched): void {
  watched.add(entry);
}

/** Stops checking `entry`; a no-op for an entry not watched. */
export function unwatch(entry: Watched): void {
  watched.delete(entry);
}

/** How many calls the watchdog checks now (for tests and diagnostics). */
export function watchedCount(): number {
  return watched.size;
}

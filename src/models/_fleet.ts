// A Router's link to a shared store that answers asynchronously (Redis).
// Routing never waits on it: each backend keeps its local breaker, which
// adopts the fleet's record whenever the store answers (after every
// failure and success, and on a read at most every `syncInterval` ms while
// the Router routes). In half-open the probe is claimed from the store
// first, so one probe crosses the whole fleet. A store call that fails or
// does not answer within `storeTimeout` switches the Router to its local
// state (warning `store-unavailable`); the next answer switches it back
// and adopts the fleet's state again (warning `store-recovered`). A probe's
// report (its outcome, or the probe handed back) that the store refused is
// sent again at the store's next answer: the fleet's record would otherwise
// keep the claim, and every Router refuse the backend, for probeLease.

import type { BreakerSettings, CircuitBreaker } from "./_breaker.ts";
import type { BreakerRecord, MaybePromise, RouterStore } from "./store.ts";
import type { RouterTimers } from "./config.ts";
import type { Warnings } from "./_warnings.ts";

/** What the fleet link reads of the Router. */
export interface FleetSettings {
  readonly store: RouterStore;
  readonly breaker: BreakerSettings;
  readonly syncInterval: number;
  readonly storeTimeout: number;
  readonly timers: RouterTimers;
  readonly warnings: Warnings;
  readonly now: () => number;
}

const TIMED_OUT = Symbol("store timeout");

/** One Router's connection state to the store; shared by its backends. */
export class Fleet {
  readonly settings: FleetSettings;
  readonly #links = new Map<string, FleetLink>();
  #up = true;
  #lastRead = -Infinity;
  #reading = false;
  /** Timers of store calls in flight; dispose() clears them. */
  readonly #timers = new Set<unknown>();
  #disposed = false;

  #poll: unknown;

  constructor(settings: FleetSettings) {
    this.settings = settings;
    this.#schedule();
  }

  /**
   * The background read: a sibling's change is seen within syncInterval
   * even when this Router is idle; also flushes the counters.
   */
  #schedule(): void {
    const { timers, syncInterval, now } = this.settings;
    this.#poll = timers.setTimeout(() => {
      if (this.#links.size > 0) {
        this.refresh(now());
        for (const link of this.#links.values()) link.flush();
      }
      // dispose() clears this timer, but it may run during this read (from
      // a warning handler): then nothing is scheduled again.
      if (!this.#disposed) this.#schedule();
    }, Math.max(1, syncInterval));
  }

  /** Whether the store answered the last call (else local state decides). */
  get up(): boolean {
    return this.#up;
  }

  /** Store calls in flight. */
  get pending(): number {
    return this.#timers.size;
  }

  link(key: string, breaker: CircuitBreaker): FleetLink {
    const link = new FleetLink(key, breaker, this);
    this.#links.set(key, link);
    return link;
  }

  unlink(key: string, link: FleetLink): void {
    if (this.#links.get(key) === link) this.#links.delete(key);
  }

  /**
   * Runs one store operation without blocking: `then` gets its answer; a
   * rejection or no answer within storeTimeout marks the store down.
   * `settled` runs once the call is over, whichever way; `late` gets an
   * answer that came after storeTimeout (the operation did run); `lost`
   * runs when the store refused the operation, before or after the timeout
   * (it did not run).
   */
  call<T>(
    op: () => MaybePromise<T>,
    then: (value: T) => void,
    settled?: () => void,
    late?: (value: T) => void,
    lost?: () => void,
  ): void {
    if (this.#disposed) return;
    let answer: MaybePromise<T>;
    try {
      answer = op();
    } catch (error) {
      this.#down(error);
      settled?.();
      lost?.();
      return;
    }
    if (!(answer instanceof Promise)) {
      this.#upAgain();
      then(answer);
      settled?.();
      return;
    }
    const { timers, storeTimeout } = this.settings;
    const pending = this.#timers;
    let timer: unknown;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = timers.setTimeout(() => resolve(TIMED_OUT), storeTimeout);
    });
    pending.add(timer);
    Promise.race([answer, timeout]).then(
      (value) => {
        timers.clearTimeout(timer);
        pending.delete(timer);
        if (this.#disposed) return;
        if (value === TIMED_OUT) {
          this.#down(new Error(`no answer within ${storeTimeout} ms`));
          answer.then(late, () => {
            if (!this.#disposed) lost?.();
          });
        } else {
          this.#upAgain();
          then(value as T);
        }
        settled?.();
      },
      (error) => {
        timers.clearTimeout(timer);
        pending.delete(timer);
        if (this.#disposed) return;
        this.#down(error);
        settled?.();
        lost?.();
      },
    );
    answer.catch(() => {}); // a late rejection after the timeout
  }

  /** Re-reads every linked breaker when the last read is older than syncInterval. */
  refresh(now: number): void {
    if (this.#reading || now - this.#lastRead < this.settings.syncInterval) {
      return;
    }
    this.#reading = true;
    this.#lastRead = now;
    const links = [...this.#links.values()];
    const keys = links.map((link) => link.key);
    const done = (records: BreakerRecord[]): void => {
      this.#reading = false;
      for (let i = 0; i < links.length; i++) {
        if (records[i] !== undefined) links[i].adopt(records[i]);
      }
    };
    this.call(() => this.settings.store.readBreakers(keys, now), done);
    // A failed or timed-out read ends too: let the next routing try again.
    if (!this.#up) this.#reading = false;
  }

  /**
   * Stops mirroring and clears every store-call timer. A probe claim held
   * and not yet used is handed back (a rolling restart should not keep the
   * fleet's probe for a lease).
   */
  dispose(): void {
    this.#disposed = true;
    for (const link of this.#links.values()) link.letGo();
    this.settings.timers.clearTimeout(this.#poll);
    for (const timer of this.#timers) this.settings.timers.clearTimeout(timer);
    this.#timers.clear();
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /**
   * A store call after dispose(), to hand a probe back: sent, never waited
   * on, no timer (the Router is gone; a failure has no one to tell).
   */
  last(op: () => MaybePromise<unknown>): void {
    try {
      const answer = op();
      if (answer instanceof Promise) answer.catch(() => {});
    } catch {
      // The store failed at once: the lease frees the probe instead.
    }
  }

  #down(error: unknown): void {
    this.#reading = false;
    if (!this.#up) return;
    this.#up = false;
    this.settings.warnings.emit(
      "store-unavailable",
      "Shared router store unavailable; routing on local state",
      { error: error instanceof Error ? error.message : String(error) },
    );
  }

  #upAgain(): void {
    if (this.#up) return;
    this.#up = true;
    this.#lastRead = -Infinity; // resynchronise at the next routing decision
    this.settings.warnings.emit(
      "store-recovered",
      "Shared router store is back; routing on the fleet's state",
    );
    for (const link of this.#links.values()) link.repay();
  }
}

/** A store call reporting a probe, resent with the time of each sending. */
interface Report<T> {
  readonly op: (now: number) => MaybePromise<T>;
  readonly then: (value: T) => void;
}

/** One backend's link: its local breaker mirrors the fleet's record. */
export class FleetLink {
  readonly key: string;
  readonly #breaker: CircuitBreaker;
  readonly #fleet: Fleet;
  /** A half-open probe claimed from the store, not yet used. */
  #claimed = -1;
  #claiming = false;
  /** Let go (disposed, or the backend unregistered): a late claim goes back. */
  #gone = false;
  #delta: Record<string, number> = {};
  #dirty = false;
  /** A failure script in flight, and the failures gathered meanwhile. */
  #failing = false;
  #queued:
    | {
      count: number;
      now: number;
      ticket: number;
      rules: BreakerSettings;
      probe: boolean;
    }
    | undefined;
  /** The newest probe report the store refused, sent again once it answers. */
  #owed: Report<unknown> | undefined;

  constructor(key: string, breaker: CircuitBreaker, fleet: Fleet) {
    this.key = key;
    this.#breaker = breaker;
    this.#fleet = fleet;
  }

  adopt(record: BreakerRecord): void {
    // A probe this instance claimed stays ours until used.
    if (this.#claimed >= 0 && record.epoch !== this.#claimed) {
      this.#claimed = -1;
    }
    this.#breaker.adopt(
      this.#claimed >= 0 ? { ...record, probe: false } : record,
    );
  }

  /**
   * Half-open with the store up: the probe must come from the store. True
   * when this instance holds a claimed probe (the local breaker then admits
   * it with the claim's ticket); otherwise a claim is started and this call
   * is refused. A claim that fails, is refused or times out ends the
   * claiming all the same, so the next request claims again; one answered
   * too late is handed back, since nobody here will send that probe.
   */
  mayProbe(now: number): boolean {
    const fleet = this.#fleet;
    if (!fleet.up) return true;
    if (this.#claimed >= 0) {
      this.#claimed = -1;
      return true;
    }
    if (!this.#claiming) {
      this.#claiming = true;
      fleet.call(
        () => fleet.settings.store.claimProbe(this.key, now),
        (ticket) => {
          if (ticket < 0) return;
          if (
            !this.#gone && this.#breaker.takeProbe(fleet.settings.now(), ticket)
          ) {
            this.#claimed = ticket;
          } else this.release(ticket);
        },
        () => (this.#claiming = false),
        (ticket) => {
          if (ticket >= 0) this.release(ticket);
        },
      );
    }
    return false;
  }

  /**
   * Counts a failure in the store. While one failure script is in flight,
   * further failures are gathered and sent as one (with the newest ticket:
   * a half-open probe's is the newest epoch), so a failing backend under
   * load costs one script per round trip, not one per request.
   */
  failure(
    now: number,
    ticket: number,
    rules: BreakerSettings,
    probe = false,
  ): void {
    const queued = this.#queued;
    if (queued !== undefined) {
      queued.count++;
      queued.now = now;
      queued.ticket = Math.max(queued.ticket, ticket);
      queued.probe ||= probe;
      return;
    }
    if (this.#failing) {
      this.#queued = { count: 1, now, ticket, rules, probe };
      return;
    }
    this.#sendFailures(now, ticket, rules, 1, probe);
  }

  #sendFailures(
    now: number,
    ticket: number,
    rules: BreakerSettings,
    count: number,
    probe: boolean,
  ): void {
    const { store } = this.#fleet.settings;
    this.#failing = true;
    this.#report(
      probe,
      now,
      {
        op: (at) => store.recordFailure(this.key, at, ticket, rules, count),
        then: (record) => this.adopt(record),
      },
      () => {
        this.#failing = false;
        const next = this.#queued;
        this.#queued = undefined;
        if (next !== undefined) {
          const { now, ticket, rules, count, probe } = next;
          this.#sendFailures(now, ticket, rules, count, probe);
        }
      },
    );
  }

  /** A success; `probe` when it is the half-open probe's (never dropped). */
  success(now: number, ticket: number, probe = false): void {
    const { store } = this.#fleet.settings;
    this.#report(probe, now, {
      op: (at) => store.recordSuccess(this.key, at, ticket),
      then: (record) => this.adopt(record),
    });
  }

  /** Hands a probe back (its call was aborted, or ended in a client error). */
  release(ticket: number): void {
    const fleet = this.#fleet;
    const report: Report<void> = {
      op: () => fleet.settings.store.releaseProbe(this.key, ticket),
      then: () => {},
    };
    // A probe aborted by dispose() is handed back all the same.
    if (fleet.disposed) fleet.last(() => report.op(0));
    else this.#report(true, fleet.settings.now(), report);
  }

  /**
   * Sends a report. A probe's report the store refused is owed: its loss
   * would leave the fleet's record holding the claim until probeLease.
   */
  #report<T>(
    probe: boolean,
    now: number,
    report: Report<T>,
    settled?: () => void,
  ): void {
    const fleet = this.#fleet;
    const lost = probe
      ? () => {
        this.#owed = report as Report<unknown>;
        // Refused after the timeout, when another answer already brought
        // the store back: no store-recovered moment is coming to repay it.
        if (fleet.up) this.repay();
      }
      : undefined;
    fleet.call(() => report.op(now), report.then, settled, undefined, lost);
  }

  /** The store answers again: the probe report it refused is sent again. */
  repay(): void {
    const owed = this.#owed;
    this.#owed = undefined;
    if (owed !== undefined) {
      this.#report(true, this.#fleet.settings.now(), owed);
    }
  }

  /**
   * The Router is disposed, or the backend unregistered: a claim held and
   * not used is handed back, as is one answered later, and a probe report
   * still owed is sent, unwatched.
   */
  letGo(): void {
    this.#gone = true;
    const owed = this.#owed;
    this.#owed = undefined;
    const fleet = this.#fleet;
    if (owed !== undefined) fleet.last(() => owed.op(fleet.settings.now()));
    if (this.#claimed < 0) return;
    const ticket = this.#claimed;
    this.#claimed = -1;
    this.release(ticket);
  }

  open(now: number, ms: number, extendOnly: boolean): void {
    const fleet = this.#fleet;
    fleet.call(
      () => fleet.settings.store.openBreaker(this.key, now, ms, extendOnly),
      (record) => this.adopt(record),
    );
  }

  close(): void {
    const fleet = this.#fleet;
    fleet.call(() => fleet.settings.store.closeBreaker(this.key), () => {});
  }

  health(healthy: boolean, at: number): void {
    const fleet = this.#fleet;
    fleet.call(
      () => fleet.settings.store.setHealth(this.key, healthy, at),
      () => {},
    );
  }

  /** Counts one outcome toward the fleet's counters (sent by flush()). */
  count(name: string, value = 1): void {
    this.#delta[name] = (this.#delta[name] ?? 0) + value;
    this.#dirty = true;
  }

  /** Sends the counts gathered since the last flush. */
  flush(): void {
    if (!this.#dirty) return;
    const delta = this.#delta;
    this.#delta = {};
    this.#dirty = false;
    const fleet = this.#fleet;
    fleet.call(
      () => fleet.settings.store.addCounters(this.key, delta),
      () => {},
    );
  }
}

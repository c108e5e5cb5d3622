// One call to one backend, admitted, awaited, classified into an Attempt
// and recorded: the unit execute, the fallback policies and
// dispatchParallel are built from.

import type { Lifetime, LinkedCall } from "./_lifetime.ts";
import type { BackendEntry } from "./_state.ts";
import type { Registry } from "./_registry.ts";
import type { Settings } from "./_config.ts";
import type { Translator } from "./_translate.ts";
import { attemptLimit, type Budget } from "./_budget.ts";
import { REFUSED, type Ticket } from "./_breaker.ts";
import {
  abortedAttempt,
  type Attempt,
  failedAttempt,
  unavailableAttempt,
} from "./_outcome.ts";
import type { BackendAdapter, IRChatRequest } from "./types.ts";
import { releaseIfLost } from "./_relay.ts";
import { CHAT_JOB, type Job } from "./_job.ts";
import {
  abortedError,
  ignore,
  invalidResponse,
  isValidResponse,
  raceAbort,
  TIMEOUT_REASON,
  toAdapterError,
} from "./_util.ts";

/**
 * What an attempt reads: the settings, the translator, the registry (why a
 * backend is unavailable) and the Router's lifetime. Components, not
 * closures: nothing here calls back into the Router.
 */
export interface AttemptEnv {
  readonly settings: Settings;
  readonly translator: Translator;
  readonly registry: Registry;
  /** dispose() settles every call waiting on it. */
  readonly lifetime: Lifetime;
}

/**
 * One call to one backend, admitted by its breaker (or refused) and started
 * at construction; its answer races the signal, so an adapter that ignores
 * it cannot hold the call. The caller awaits `pending` and hands what it
 * settled with to end(), which classifies and records the outcome. execute()
 * awaits `pending` in its own frame: an extra async hop per call would cost
 * about 10% of the router's overhead (bench/models_bench.ts).
 */
export class Call {
  readonly entry: BackendEntry;
  /** Whether the breaker admitted the call (else refused() is its outcome). */
  readonly admitted: boolean;
  /** The adapter's answer (a value or a promise); rejects like the adapter. */
  readonly pending: unknown;
  readonly #ticket: Ticket;
  readonly #signal: AbortSignal | undefined;
  readonly #env: AttemptEnv;
  readonly #startedAt: number;
  readonly #cost: Promise<number | null> | undefined;
  readonly #job: Job;
  /** The attempt timeout's timer. */
  #timer: unknown;
  /**
   * The call's signal this attempt's own one listens to (handleEvent), and
   * whether #limit made that link (end() removes it).
   */
  #linked: AbortSignal | undefined;
  #limited = false;
  /** The attempt's own signal's controller (a raw answer's `abort`). */
  #controller: AbortController | undefined;
  /**
   * The call's own signal, when this attempt uses it as its own (the first
   * attempt without a timeout): it follows the call instead of linking a
   * signal of its own, and a raw answer's `abort` ends the call's signal.
   */
  #follows: LinkedCall | undefined;
  /** Rejects the wait for the answer (#race) when the signal aborts. */
  #stop: ((reason: unknown) => void) | undefined;

  constructor(
    entry: BackendEntry,
    request: IRChatRequest,
    signal: AbortSignal | undefined,
    env: AttemptEnv,
    budget?: Budget,
    job: Job = CHAT_JOB,
    now: number = env.settings.now(),
    link?: LinkedCall,
  ) {
    const { settings, lifetime } = env;
    this.entry = entry;
    this.#env = env;
    this.#job = job;
    const ticket = entry.admit(now);
    this.#ticket = ticket;
    this.admitted = ticket !== REFUSED;
    if (!this.admitted) {
      this.#signal = signal;
      this.#startedAt = 0;
      this.#cost = undefined;
      return;
    }
    let req = request;
    try {
      // Model translation is chat's: a backend's default model is a chat
      // model, no substitute for an embeddings model.
      if (job.operation === "chat") req = env.translator.translate(req, entry);
      this.#cost = settings.trackCost ? costOf(entry.adapter, req) : undefined;
      this.#startedAt = settings.clock();
      const limit = budget === undefined
        ? Infinity
        : attemptLimit(budget, this.#startedAt);
      // A raw answer gets a signal of its own: its `abort` ends the body's
      // reading after the head, when the caller's is no longer linked. The
      // first attempt without a timeout takes the call's own signal as its
      // own (`link`): nothing else uses it once this attempt answered, so
      // one controller and one listener a call fewer.
      if (limit === Infinity && link !== undefined) {
        this.#follows = link;
        this.#linked = signal;
        link.follow(this);
      } else if (limit !== Infinity || job.raw) {
        signal = this.#limit(signal, limit);
      }
    } catch (error) {
      // Nothing was sent (injected timers or clock that threw): no outcome
      // to record, but what admitting it took goes back, a half-open probe
      // above all, and no listener stays on the caller's signal.
      this.#linked?.removeEventListener("abort", this);
      this.#follows?.unfollow(this);
      entry.withdraw(ticket);
      throw error;
    }
    this.#signal = signal;
    let pending: unknown;
    try {
      const relay = job.raw;
      const answer = job === CHAT_JOB
        ? entry.adapter.execute(req, signal)
        : relay
        ? this.#raw(job.start(entry.adapter, req, signal))
        : job.start(entry.adapter, req, signal);
      // The lifetime's own signal is raced through a Set, not a listener:
      // the common call without a caller signal stays cheap.
      pending = signal === undefined
        ? answer
        : signal === lifetime.signal
        ? lifetime.race(answer)
        : this.#controller !== undefined || this.#follows !== undefined
        ? this.#race(answer)
        : raceAbort(Promise.resolve(answer), signal);
      if (relay) releaseIfLost(answer, pending);
    } catch (thrown) {
      pending = Promise.reject(thrown);
    }
    this.pending = pending;
  }

  /**
   * A signal aborted by `signal` (the caller, dispose()) with its reason, or
   * by the attempt timeout with TIMEOUT_REASON: the one is an abort, the
   * other the backend's TIMEOUT failure.
   */
  #limit(signal: AbortSignal | undefined, ms: number): AbortSignal {
    const controller = new AbortController();
    this.#controller = controller;
    this.#limited = true;
    if (signal !== undefined) {
      if (signal.aborted) controller.abort(signal.reason);
      else {
        // The Call itself listens (handleEvent), as LinkedCall does: a
        // closure here, and another to remove it, made every relayed call's
        // objects survive young-generation collections until a full one
        // (3–5 MB promoted per scavenge against 30 KB; docs/performance.md).
        this.#linked = signal;
        signal.addEventListener("abort", this, { once: true });
      }
    }
    if (ms !== Infinity) {
      this.#timer = this.#env.settings.timers.setTimeout(
        () => this.#abort(TIMEOUT_REASON),
        ms,
      );
    }
    return controller.signal;
  }

  /**
   * The call's signal aborted: so does the attempt's own, with its reason
   * (or, following the call's signal, the wait for the answer ends).
   */
  handleEvent(): void {
    const reason = this.#linked!.reason;
    if (this.#follows === undefined) this.#abort(reason);
    else this.#stop?.(reason);
  }

  /**
   * Aborts the attempt's own signal, and ends the wait for its answer with
   * the signal's reason (what raceAbort does, without a listener of its
   * own on a signal only this attempt aborts).
   */
  #abort(reason: unknown): void {
    const signal = this.#controller!.signal;
    this.#controller!.abort(reason);
    this.#stop?.(signal.reason);
  }

  /**
   * Settles like `answer`, or rejects with the attempt signal's reason once
   * the caller, dispose() or the timeout aborts it (#abort), so an adapter
   * that ignores its signal cannot hold the call.
   */
  #race(answer: unknown): Promise<unknown> {
    const signal = this.#signal!;
    if (signal.aborted) {
      Promise.resolve(answer).catch(ignore);
      return Promise.reject(signal.reason);
    }
    return new Promise((resolve, reject) => {
      this.#stop = reject;
      Promise.resolve(answer).then(resolve, reject);
    });
  }

  /**
   * The adapter's Response as a RawAnswer whose abort is the attempt's. Not
   * async: one reaction on the answer, no async function's frame a call.
   */
  #raw(answer: unknown): Promise<unknown> {
    return Promise.resolve(answer).then((response) => this.#rawOf(response));
  }

  #rawOf(
    response: unknown,
  ): { response: unknown; abort(reason?: unknown): void } {
    const link = this.#follows;
    if (link !== undefined) {
      return { response, abort: (reason?: unknown) => link.abort(reason) };
    }
    const controller = this.#controller!;
    return {
      response,
      abort: (reason?: unknown) => controller.abort(reason),
    };
  }

  /** The outcome of a call the breaker refused (not started, not recorded). */
  refused(): Attempt {
    const name = this.entry.name;
    return unavailableAttempt(name, this.#env.registry.unavailable(name));
  }

  /** Classifies what `pending` settled with, and records it. */
  end(threw: boolean, value: unknown): Attempt {
    const entry = this.entry;
    const settings = this.#env.settings;
    const latencyMs = settings.clock() - this.#startedAt;
    if (this.#limited) {
      if (this.#timer !== undefined) settings.timers.clearTimeout(this.#timer);
      this.#linked?.removeEventListener("abort", this);
    } else this.#follows?.unfollow(this);
    const outcome = threw
      ? rejected(entry, this.#signal, value, latencyMs)
      : resolved(entry, value, latencyMs, this.#job);
    entry.settle(outcome, this.#ticket, settings);
    const cost = this.#cost;
    if (outcome.ok && cost !== undefined) {
      cost.then((c) => entry.recordCost(c));
    }
    return outcome;
  }
}

/** One call to one backend, awaited; never rejects. */
export async function attempt(
  entry: BackendEntry,
  request: IRChatRequest,
  signal: AbortSignal | undefined,
  env: AttemptEnv,
  budget?: Budget,
  job?: Job,
): Promise<Attempt> {
  const call = new Call(entry, request, signal, env, budget, job);
  if (!call.admitted) return call.refused();
  let value: unknown;
  let threw = false;
  try {
    value = await call.pending;
  } catch (thrown) {
    threw = true;
    value = thrown;
  }
  return call.end(threw, value);
}

/** Classifies a call that threw: an abort, a timeout or a failure. */
function rejected(
  entry: BackendEntry,
  signal: AbortSignal | undefined,
  thrown: unknown,
  latencyMs: number,
): Attempt {
  if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {
    return abortedAttempt(entry.name, abortedError(signal), thrown, latencyMs);
  }
  const error = toAdapterError(
    signal?.aborted ? TIMEOUT_REASON : thrown,
    entry.adapter.metadata?.provider,
  );
  return failedAttempt(entry.name, error, thrown, latencyMs);
}

/** Classifies a call that answered: valid or malformed. */
function resolved(
  entry: BackendEntry,
  value: unknown,
  latencyMs: number,
  job: Job,
): Attempt {
  if (job === CHAT_JOB ? !isValidResponse(value) : !job.valid(value)) {
    const error = invalidResponse(entry.name, "returned a malformed response");
    return failedAttempt(entry.name, error, error, latencyMs);
  }
  return { ok: true, backend: entry.name, response: value, latencyMs };
}

/** The adapter's cost estimate, started beside the call; never rejects. */
function costOf(
  adapter: BackendAdapter,
  request: IRChatRequest,
): Promise<number | null> | undefined {
  if (typeof adapter.estimateCost !== "function") return undefined;
  try {
    return Promise.resolve(adapter.estimateCost!(request)).catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}

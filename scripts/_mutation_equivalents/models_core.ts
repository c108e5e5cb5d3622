// The reviewed equivalents of the models-core area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

/** The mutants of the models-core area judged equivalent by review. */
export const MODELS_CORE: Equivalent[] = [
  {
    file: "src/models/router.ts",
    before: "for (const name of backends ?? entries.keys()) {",
    after: "for (const name of backends || entries.keys()) {",
    reason:
      "backends is a list (an object, never falsy, even when empty) or undefined: ?? and || pick the same side",
  },
  {
    file: "src/models/_attempt.ts",
    before: "if (signal?.aborted && signal.reason !== TIMEOUT_REASON) {",
    after: "if (signal.aborted && signal.reason !== TIMEOUT_REASON) {",
    reason:
      "every Call is built with a signal (_execute.ts passes the lifetime's callSignal(), typed AbortSignal, or the racer's own), so the optional chain never meets undefined",
  },
  {
    file: "src/models/_attempt.ts",
    before: "signal?.aborted ? TIMEOUT_REASON : thrown,",
    after: "signal.aborted ? TIMEOUT_REASON : thrown,",
    reason:
      "every Call is built with a signal (_execute.ts passes the lifetime's callSignal(), typed AbortSignal, or the racer's own), so the optional chain never meets undefined",
  },
  {
    file: "src/models/_lifetime.ts",
    before: "this.#linked.clear();",
    after: ";",
    reason:
      "after end() the lifetime's signal is aborted, so callSignal() adds no controller; those still in the set are already aborted (aborting again does nothing) and leave it through their own unlink when their call settles: only how long the set holds them changes",
  },
  {
    file: "src/models/_state.ts",
    before: "this.#capabilities = this.#adapter.metadata?.capabilities ??",
    after: "this.#capabilities = this.#adapter.metadata?.capabilities ||",
    reason:
      "capabilities is an AdapterCapabilities object or undefined, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/router.ts",
    before:
      "if (Object.keys(mapping).length > 0) copy.setModelMapping(mapping);",
    after:
      "if (Object.keys(mapping).length >= 0) copy.setModelMapping(mapping);",
    reason:
      "clone()'s copy starts with an empty mapping (RouterConfig has none), and its warnings are muted while it is rebuilt: setting the empty mapping again changes nothing",
  },
  {
    file: "src/models/_breaker.ts",
    before: "now - this.#probeAt >= (this.#settings.probeLease ?? Infinity)",
    after: "now - this.#probeAt >= (this.#settings.probeLease)",
    reason:
      "without a lease the comparison is with undefined instead of Infinity: both are false for every finite difference, and #probeAt is a clock reading or Infinity, so the difference is never +Infinity",
  },
  {
    file: "src/models/_execute.ts",
    before: "const log = earlier ?? [];",
    after: "const log = earlier || [];",
    reason:
      "earlier is an array or undefined, and an array is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/_relay.ts",
    before: "if (answer === raced || !(raced instanceof Promise)) return;",
    after: "if (answer === raced && !(raced instanceof Promise)) return;",
    reason:
      "its one caller (_attempt.ts) passes as raced either the answer itself or a Promise from lifetime.race()/raceAbort(); the only case that now goes on is a Promise answer raced by itself, whose rejection hands releaseAnswer nothing (the rejected value is ignored)",
  },
  {
    file: "src/models/_parallel.ts",
    context: "settledAll();",
    before: "return;",
    after: ";",
    reason:
      "runParallel never runs with count 0: dispatchParallel throws NO_BACKEND_AVAILABLE when it has no target, and the fallback loop stops at an empty group and runs a group of one apart; only at 0 would the fall-through differ (it would arm a timeout that aborts nothing)",
  },
  {
    file: "src/models/fallback/run.ts",
    context: "): FallbackState {",
    before: "const primary = plan.entry?.name ?? plan.requested;",
    after: "const primary = plan.entry?.name || plan.requested;",
    reason:
      'a registered backend\'s name is never empty (register() refuses "" with INVALID_REQUEST), so `||` and `??` pick the same side',
  },
  {
    file: "src/models/fallback/run.ts",
    context: "}",
    before: "const primary = plan.entry?.name ?? plan.requested;",
    after: "const primary = plan.entry?.name || plan.requested;",
    reason:
      'a registered backend\'s name is never empty (register() refuses "" with INVALID_REQUEST), so `||` and `??` pick the same side (the policy-final path of fallback)',
  },
  {
    file: "src/models/streaming/stream.ts",
    context: "parts.settings,",
    before: "false,",
    after: "true,",
    reason:
      "`own` gives a single stream a controller of its own linked to the request's signal (linkSignal: it aborts in the same dispatch, with the same reason) instead of the request's signal itself; only the race ever cancels an attempt's own controller, so the adapter sees the same aborts either way and only an AbortController per stream is added",
  },
  {
    file: "src/models/_util.ts",
    before: "return ms > MAX_TIMER_MS ? MAX_TIMER_MS : ms > 0 ? ms : 0;",
    after: "return ms >= MAX_TIMER_MS ? MAX_TIMER_MS : ms > 0 ? ms : 0;",
    reason:
      "the two differ only at ms === MAX_TIMER_MS, where both return that same number",
  },
  {
    file: "src/models/_parallel.ts",
    context: "const unlinks: (() => void)[] = [];",
    before: "for (let i = 0; i < count; i++) {",
    after: "for (let i = 0; i <= count; i++) {",
    reason:
      "the one extra controller is linked to the parent signal and unlinked with the others once every attempt settled, but no attempt is started with it (the start loop stops at count), so nothing ever reads its signal: only one listener more on the parent while the run lasts",
  },
  {
    file: "src/models/_config.ts",
    before: "enabled: config.enableCircuitBreaker ?? false,",
    after: "enabled: config.enableCircuitBreaker || false,",
    reason:
      'enabled is read only for its truth (the breaker\'s `rules.enabled &&`, the Redis script\'s `enabled ? "1" : "0"`): `?? false` and `|| false` differ only in which falsy value a falsy option becomes',
  },
  {
    file: "src/models/_config.ts",
    before: "fallbackOnClientError: config.fallbackOnClientError ?? false,",
    after: "fallbackOnClientError: config.fallbackOnClientError || false,",
    reason:
      "fallbackOnClientError is read only for its truth (`!env.settings.fallbackOnClientError` in fallback/run.ts): `?? false` and `|| false` differ only in which falsy value a falsy option becomes",
  },
  {
    file: "src/models/_config.ts",
    before: "capabilityRouting: config.capabilityBasedRouting ?? false,",
    after: "capabilityRouting: config.capabilityBasedRouting || false,",
    reason:
      "capabilityRouting is read only for its truth (`!this.#settings.capabilityRouting` in routing/selector.ts, its one reader): `?? false` and `|| false` differ only in which falsy value a falsy option becomes",
  },
  {
    file: "src/models/_config.ts",
    before: 'config.optimization ?? "balanced",',
    after: 'config.optimization || "balanced",',
    reason:
      'the two differ only for an optimization of "" (or another falsy value), and resolveWeights reads an unknown preset name as balanced anyway (`PRESETS[optimization] ?? PRESETS.balanced`): the weights are the same',
  },
  {
    file: "src/models/routing/_rank.ts",
    before:
      "const raw = explicit ?? PRESETS[optimization] ?? PRESETS.balanced;",
    after: "const raw = explicit ?? PRESETS[optimization] || PRESETS.balanced;",
    reason:
      "PRESETS holds only weight objects, so `PRESETS[optimization]` is an object (truthy) or undefined, where `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/selector.ts",
    before: "scoped(p ?? this.#fallthrough(usable, score, allowed), allowed)",
    after: "scoped(p || this.#fallthrough(usable, score, allowed), allowed)",
    reason:
      "a strategy's plan is a Plan object or nothing (undefined or null), never another falsy value: `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/selector.ts",
    before:
      ": scoped(plan ?? this.#fallthrough(usable, score, allowed), allowed);",
    after:
      ": scoped(plan || this.#fallthrough(usable, score, allowed), allowed);",
    reason:
      "a strategy's plan is a Plan object or nothing (undefined or null), never another falsy value: `??` and `||` pick the same side",
  },
  {
    file: "src/models/routing/latency.ts",
    before: "this.#leaderFailed = pick?.entry.stats.failed ?? 0;",
    after: "this.#leaderFailed = pick?.entry.stats.failed || 0;",
    reason:
      "stats.failed is a counter the Router starts at 0 and increments, never NaN: for 0 both give 0, for undefined (no pick) both give 0",
  },
  {
    file: "src/models/routing/round_robin.ts",
    before: ": this.#scoped.get(key) ?? 0;",
    after: ": this.#scoped.get(key) || 0;",
    reason:
      "the map holds only cursors the strategy stored (whole numbers from 0): for 0 both give 0, for a missing key both give 0",
  },
  {
    file: "src/models/fallback/policy.ts",
    before: 'this.#lastFailed = primary ?? "";',
    after: 'this.#lastFailed = primary || "";',
    reason:
      'primary is a backend name or undefined; the only other falsy string is "", which both forms turn into ""',
  },
  {
    file: "src/models/_breaker.ts",
    before: "now - this.#probeAt >= (this.#settings.probeLease ?? Infinity)",
    after: "now - this.#probeAt >= (this.#settings.probeLease || Infinity)",
    reason:
      "every BreakerSettings the code builds has probeLease set: breakerOf() takes leaseOf(), Infinity or a positive number (anything else is refused), and the memory store's rules take its validated lease; so neither default is ever used and a positive lease is kept by both",
  },
  {
    file: "src/models/fallback/run.ts",
    before: "throw signal?.aborted ? abortedRouterError(signal, log) : error;",
    after: "throw signal.aborted ? abortedRouterError(signal, log) : error;",
    reason:
      "the fallback state's signal is always an AbortSignal here: stateAfter() takes a non-optional one, and its three callers pass the request's (execute, executeStream) or the Router's lifetime signal (selectBackend)",
  },
  {
    file: "src/models/fallback/run.ts",
    before: "if (signal?.aborted) throw abortedRouterError(signal, log);",
    after: "if (signal.aborted) throw abortedRouterError(signal, log);",
    reason:
      "the fallback state's signal is always an AbortSignal here: stateAfter() takes a non-optional one, and its three callers pass the request's (execute, executeStream) or the Router's lifetime signal (selectBackend)",
    sites: 2,
  },
  {
    file: "src/models/_hooks.ts",
    before: "if (signal?.aborted) throw abortedRouterError(signal, []);",
    after: "if (signal.aborted) throw abortedRouterError(signal, []);",
    reason:
      "askHook's two callers pass an AbortSignal: the custom fallback the fallback state's (always one, see fallback/run.ts), the custom strategy the Selection's, which the three selector.select() callers set to the call's link signal (execute, executeStream) or the lifetime signal (selectBackend)",
  },
  {
    file: "src/models/_failures.ts",
    before: "cause: signal?.reason,",
    after: "cause: signal.reason,",
    reason:
      "every abortedRouterError() caller passes an AbortSignal: each checked `aborted` on it first (execute, executeStream, fallback, hooks) or built it (the dispatch's controller, the relay's aborted signal)",
  },
  {
    file: "src/models/_util.ts",
    before: "const reason = signal?.reason;",
    after: "const reason = signal.reason;",
    reason:
      "abortedError()'s callers all pass an AbortSignal: a stream attempt's own signal, abortedRouterError's (always one, see _failures.ts), and _attempt.ts's rejected() only after `signal?.aborted` held",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: "this.#controller?.abort(reason);",
    after: "this.#controller.abort(reason);",
    reason:
      "cancel() is called only on racers (raceStreams' win), and racers are built with own = true, which always gives the attempt its controller",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "loser.close();",
    after: ";",
    reason:
      "the loser was cancelled on the line before: cancel() settled it and aborted its own signal, whose abort listener (the attempt's gate, added once) then ran, emptied the gate's slots and was removed; close() would find it settled and close an already empty gate, so it changes nothing",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before:
      'if (result && typeof (result as Promise<unknown>).then === "function") {',
    after:
      'if (result || typeof (result as Promise<unknown>).then === "function") {',
    reason:
      "the two differ only for a return() result that is falsy (the mutant reads .then of undefined or null) or truthy without a then function (the mutant calls it): both throw a TypeError inside the try, whose catch swallows everything, so the iterator is released the same way",
  },
  {
    file: "src/models/_registry.ts",
    before: "for (const m of c.models ?? []) models.add(m);",
    after: "for (const m of c.models || []) models.add(m);",
    reason:
      'capabilities.models is a list of names or absent; the falsy values where ?? and || differ are not lists except "", which iterates to nothing just as [] does',
  },
  {
    file: "src/models/_config.ts",
    before: "capabilityRouting: config.capabilityBasedRouting ?? false,",
    after: "capabilityRouting: config.capabilityBasedRouting,",
    reason:
      "capabilityRouting is read only for its truth (`!this.#settings.capabilityRouting` in routing/selector.ts, its one reader): undefined and false read the same",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: 'return this.#chunk?.type === "done";',
    after: 'return this.#chunk.type === "done";',
    reason:
      "`finished` has one reader (routeStream, stream.ts), which reads it only for an attempt whose decide() resolved undefined, that is after accept() stored a chunk with a COMMIT or DONE verdict: the chunk is never undefined there",
  },
  {
    file: "src/models/_budget.ts",
    before: "return left < budget.attemptTimeout",
    after: "return left <= budget.attemptTimeout",
    reason:
      "the two differ only when left equals the attempt timeout, where Math.max(0, left) and budget.attemptTimeout are the same number",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before: ") return;",
    after: ") ;",
    reason:
      "for a null, a non-object or an object without a return function, the fall-through calls iterator.return() inside the try below, which throws a TypeError that its catch swallows: nothing is released either way",
  },
  {
    file: "src/models/router.ts",
    before: ") return null;",
    after: ") null;",
    reason:
      "the fall-through reads entry.adapter.estimateCost (of an undefined entry, or a missing function) inside the try below, whose catch returns null too",
  },
  {
    file: "src/models/router.ts",
    before: "if (this.#registry.disposed) return;",
    after: "if (this.#registry.disposed) ;",
    reason:
      "a second dispose() repeats steps that are each idempotent: stop() of the health monitor, the fleet's dispose (letGo finds nothing owed or claimed), end() of an aborted lifetime with empty sets, clear() of an empty registry, and changed() of a selector that has nothing left to route",
  },
  {
    file: "src/models/routing/round_robin.ts",
    before: "if (removed === undefined) return;",
    after: "if (removed === undefined) ;",
    reason:
      "with removed undefined, the fall-through compares undefined < cursor, which is false for every cursor, so no cursor moves: the same as returning",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: 'const failed = !outcome.ok && outcome.kind === "failed"',
    after: 'const failed = !outcome.ok || outcome.kind === "failed"',
    reason:
      "a single stream's decided outcome is failed or aborted, and an aborted one means the stream's own signal aborted (it has no controller of its own but for a timeout, which counts as a failure), so fallBack throws ABORTED before it reads the failure",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: 'if (!outcome.ok && outcome.kind === "failed") failure = outcome;',
    after: 'if (!outcome.ok || outcome.kind === "failed") failure = outcome;',
    reason:
      "a race's outcomes are failed or aborted; an aborted racer was either cancelled by a winner (the winner is returned and the failure never read) or aborted with the stream's signal (fallBack throws ABORTED before it reads the failure)",
  },
  {
    file: "src/models/streaming/_chunks.ts",
    before: 'signal.addEventListener("abort", this.#onAbort, { once: true });',
    after: 'signal.addEventListener("abort", this.#onAbort, { once: false });',
    reason:
      "an AbortSignal dispatches abort once, so the gate's listener runs at most once either way, and its close() removes it with or without once; the only difference is when an aborted signal lets go of it (at the abort, or at close()), which no call, state or later event shows: the signal never fires again",
  },
  {
    file: "src/models/_dispatch.ts",
    before: "const winner = run.winner >= 0",
    after: "const winner = run.winner >= 1",
    reason:
      "run.outcomes is indexed like names and the winner's slot is a success, so with winner 0 the fallback successes[0] (the first success in that order) is names[0]'s own outcome: the same backend is named either way",
  },
  {
    file: "src/models/routing/latency.ts",
    before: "if (until > now && until < ends) ends = until;",
    after: "if (until > now && until <= ends) ends = until;",
    reason:
      "`ends` is the earliest cooldown end; when `until` equals it, the assignment writes the same number, so the re-rank time is the same",
  },
  {
    file: "src/models/_relay.ts",
    before: "if (answer === raced || !(raced instanceof Promise)) return;",
    after: "if (answer === raced || !(raced instanceof Promise)) ;",
    reason:
      "its one caller (_attempt.ts) calls it only for a relayed job, whose signal is always the Call's own (#limit runs for every raw job), so raced is always #race()'s new Promise and never the answer (#raw()'s own promise): the condition is never true, so the return never runs",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "if (done[i]) return;",
    after: "if (done[i]) ;",
    reason:
      "a racer is done before its decide() answers only when a winner cancelled it; a loser that had settled then is already listed with its recorded outcome (cancel() returns it) and decide() answers with that same object, and one that had not answers with its abort at least three turns after the win, while the stream copies the race's outcomes into its log one turn after it; the close() and count that follow are idempotent once decided",
  },
  {
    file: "src/models/_breaker.ts",
    before:
      'if (this.state(now) === "open" && this.#openUntil >= now + ms) return;',
    after:
      'if (this.state(now) === "open" && this.#openUntil > now + ms) return;',
    reason:
      "at the equality the opening is redone with the same end: state, openUntil and the probe flag are unchanged and only the epoch moves on, which no one reads while the breaker is open (it admits no call, so no ticket falls between the two epochs, and tickets from before are stale against either); a store's record, when there is one, replaces the epoch as it answers",
  },
  {
    file: "src/models/_lifetime.ts",
    before: "this.#pending.clear();",
    after: ";",
    reason:
      "end() has just called every reject in #pending, and race() on the aborted lifetime adds none; the entries left behind are settled promises' rejects, which each answer deletes as it settles, so no call, state or later event differs (a disposed Router holds them a little longer)",
  },
  {
    file: "src/models/_parallel.ts",
    before: "settledAll();",
    after: ";",
    context: "if (count === 0) {",
    reason:
      "runParallel never runs with count 0 (see the `return;` of the same branch above): dispatchParallel throws NO_BACKEND_AVAILABLE without a target, and the fallback loop stops at an empty group and runs a group of one apart, so no caller waits on the run or its allSettled that this line would resolve",
  },
  {
    file: "src/models/streaming/attempt.ts",
    before: "return recorded ?? this.#settle(cancelled);",
    after: "return recorded || this.#settle(cancelled);",
    reason:
      "recorded is an Attempt (an object, never falsy) or undefined: ?? and || pick the same side",
  },
  {
    file: "src/models/testing.ts",
    before: 'signal?.addEventListener("abort", onAbort, { once: true });',
    after: 'signal?.addEventListener("abort", onAbort, { once: false });',
    reason:
      "sleep()'s listener: a signal dispatches abort once, and the timer's callback removes the listener when it fires first, so it runs at most once either way",
  },
  {
    file: "src/models/testing.ts",
    before: "const override = options?.metadata ?? {};",
    after: "const override = options?.metadata || {};",
    reason:
      'the only values the two read differently are false, 0 and "", whose spread and whose name and capabilities read as those of {}',
  },
  {
    file: "src/models/testing.ts",
    before: "const messages = request.messages ?? [];",
    after: "const messages = request.messages || [];",
    reason:
      'an array is never falsy; of the other falsy values, "" has no messages and a number or false has no length, so the loop finds no user message either way and the text is ""',
  },
  {
    file: "src/models/testing.ts",
    before: "const latency = options.latencyMs ?? 0;",
    after: "const latency = options.latencyMs || 0;",
    reason:
      'latency is read only as `latency > 0` before waiting it: NaN, null, false and "" (the values the two read differently) are never above 0, like 0',
  },
  {
    file: "src/models/testing.ts",
    before: "const before = options.failAfterChunks ?? 0;",
    after: "const before = options.failAfterChunks || 0;",
    reason:
      'read only as `before > 0` and as the bound of `i < before`: NaN, null, false and "" (the values the two read differently) open no start chunk and send no content, like 0',
  },
  {
    file: "src/models/router.ts",
    before: "const store = config.store ?? createMemoryStore();",
    after: "const store = config.store || createMemoryStore();",
    reason:
      "resolveSettings (run first) refuses a store that is neither nullish nor an object, and an object is never falsy, so the two read only undefined and null, the same way",
  },
  {
    file: "src/models/_health.ts",
    before: "return background || !shared.background",
    after: "return background && !shared.background",
    reason:
      "differs in two cases: a background probe meeting a background one, which never happens (the only background caller is the schedule, whose runs never overlap and each waits for all its probes, which leave the map before they answer); and a caller meeting a caller's probe, now raced against a ref'd timer of healthTimeout started after the probe's own timer of the same length, which aborts the probe to false no later, so the answer is the probe's",
  },
  {
    file: "src/models/_translate.ts",
    before: "entry.adapter.metadata?.defaultModel;",
    after: "entry.adapter.metadata.defaultModel;",
    reason:
      "reached only when `served`, read two lines up through the same `metadata?.`, is a non-empty array, so metadata is defined there",
  },
  {
    file: "src/models/_config.ts",
    before: "trackCost: config.trackCost ?? false,",
    after: "trackCost: config.trackCost || false,",
    reason:
      "every reader of settings.trackCost reads its truthiness only (the cost strategy's switch, the attempt's cost estimate, the statistics' cost fields), and ?? and || differ only on falsy values, which stay falsy",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "racer.close();",
    after: ";",
    reason:
      "the racer's outcome is recorded (its iterator released, its link to the call's signal undone), and what close() would still remove, its gate's listener, sits on the racer's own controller, which nothing aborts any more (done[i] keeps win() from cancelling it), so both are garbage together",
  },
  {
    file: "src/models/errors.ts",
    before: "this.errors = [...(options.errors ?? [])];",
    after: "this.errors = [...(options.errors || [])];",
    reason:
      "`errors` is typed an array or undefined, and an array is never falsy, so ?? and || pick the same side for every value of its type (the Router's own callers always pass an array)",
  },
  {
    file: "src/models/_relay.ts",
    before: "value.abort();",
    after: ";",
    reason:
      "every answer let go has its attempt's signal aborted already: a parallel loser is cancelled first, a race lost to its signal lost because it aborted, and handOver runs in the same turn as the attempt's end on a first step (and sees only an abort that reached the call's signal, which the attempt follows or listens to until then); swept over 0-20 microtask turns of the caller's abort on a first and a fallback step, the adapter's signal aborted in every case the answer was refused, with the line and without it",
  },
  {
    file: "src/models/errors.ts",
    before: "this.attemptedBackends = [...(options.attemptedBackends ?? [])];",
    after: "this.attemptedBackends = [...(options.attemptedBackends || [])];",
    reason:
      "`attemptedBackends` is typed an array or undefined, and an array is never falsy, so ?? and || pick the same side for every value of its type (the twin of the `errors` line below it)",
  },
  {
    file: "src/models/_parallel.ts",
    before: "if (run.winner >= 0) {",
    after: "if (run.winner >= 1) {",
    reason:
      "a winner at index 0 falls to `successes[0]`, which is the same response: sortOutcomes lists successes in backend order, so the first backend's success is first; a custom strategy never has a winner (it waits for all)",
  },
  {
    file: "src/models/_parallel.ts",
    before: "if (run.winner >= 0) {",
    after: "if (run.winner > 0) {",
    reason:
      "a winner at index 0 falls to `successes[0]`, which is the same response: sortOutcomes lists successes in backend order, so the first backend's success is first; a custom strategy never has a winner (it waits for all)",
  },
  {
    file: "src/models/_backend_state.ts",
    before: "shared: false,",
    after: "shared: true,",
    reason:
      "localSource() only builds state for the strategy and policy suites (the Router builds its own source, router.ts's `shared: config.store !== undefined`), each call with a fresh memory store whose breaker map starts empty, and those suites register each name once on it, so no breaker is ever found to share",
  },
  {
    file: "src/models/_budget.ts",
    before: "if (!settings.budgeted) return undefined;",
    after: "if (!settings.budgeted) undefined;",
    reason:
      "unbudgeted means no attempt timeout, no deadline and no retries, so the Budget built instead (attemptTimeout Infinity, deadlineAt Infinity, retries 0) reads as none everywhere: attemptLimit gives Infinity, no clock reading reaches the deadline and no retry is taken; only an object is allocated",
  },
  {
    file: "src/models/_translate.ts",
    before:
      'if (to === undefined && (config.strategy ?? "default") === "default") {',
    after:
      'if (to === undefined && (config.strategy || "default") === "default") {',
    reason:
      'the two differ only on a falsy strategy other than undefined ("", 0, false, NaN), and compileTranslation refuses every one of them with INVALID_REQUEST when the Router is built, and keeps its own copy of the strategy, so no later edit of the caller\'s object reaches the line',
  },
  {
    file: "src/models/router.ts",
    before: "if (chain.length > 0) copy.setFallbackChain(chain);",
    after: "if (chain.length >= 0) copy.setFallbackChain(chain);",
    reason:
      "clone()'s copy starts with an empty chain and its warnings are muted while it is rebuilt: setting the empty chain again (it names no backend, so it passes the checks) changes nothing",
  },
  {
    file: "src/models/router.ts",
    context: "this.#registry.clear();",
    before: "this.#selector.changed();",
    after: ";",
    reason:
      "after dispose() the registry is disposed: every select() throws NO_BACKEND_AVAILABLE before it reaches the strategy and register() refuses, so no strategy runs again; only latency-optimized's cached leader, an entry of the cleared registry, stays referenced by the Router that owns both",
  },
  {
    file: "src/models/_execute.ts",
    before:
      "made && !first!.ok && budget !== undefined && budget.retry.retries > 0",
    after:
      "made && !first!.ok && budget !== undefined && budget.retry.retries >= 0",
    reason:
      "with no retries allowed, retrying() stops at its first retryDelay() (retry 1 > 0 retries) and returns the first attempt unchanged, having changed nothing; the empty `earlier` it leaves is read as `earlier ?? []` and `[...earlier, first]`, the same as undefined: only one more await before fallback starts",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: "if (outcome !== undefined) attempt.close();",
    after: "if (outcome !== undefined) ;",
    reason:
      "the attempt's outcome is recorded (decide() settled it), so close() would only close its abort gate: the gate's listener sits on the call's own signal (or the attempt's own controller), which is let go when the call ends, and its pending reject is empty once no pull waits, so an abort meanwhile rejects nothing",
  },
  {
    file: "src/models/streaming/stream.ts",
    before: "log.splice(live.slot, 0, outcome);",
    after: ";",
    reason:
      "fault() has already recorded the outcome (statistics, breaker); the log is read only for an aborted outcome, through abortedRouterError, whose error chunk lists the failed attempts only (failuresOf), never the aborted one; a failed outcome ends the stream with attempt.failure, not the log",
  },
  {
    file: "src/models/_registry.ts",
    before:
      "const c = entry.adapter.metadata?.capabilities ?? EMPTY_CAPABILITIES;",
    after:
      "const c = entry.adapter.metadata?.capabilities || EMPTY_CAPABILITIES;",
    reason:
      'capabilities is an object (never falsy) or undefined; a falsy primitive an untyped adapter might put there (false, 0, "") reads like the empty capabilities, every property undefined, so streaming is taken as true and nothing else is added either way',
  },
  {
    file: "src/models/_attempt.ts",
    before: "#limited = false;",
    after: "#limited = true;",
    reason:
      "an attempt that neither linked a signal nor set a timer then skips only `#follows?.unfollow(this)` in end(): the call's LinkedCall keeps it as follower, and a later abort of that call reaches its handleEvent, whose #stop rejects a wait that has already settled (nothing), while the removal it runs instead finds no listener; the LinkedCall lives only as long as the call",
  },
  {
    file: "src/models/_attempt.ts",
    before: "this.#follows?.unfollow(this);",
    after: ";",
    context: 'this.#linked?.removeEventListener("abort", this);',
    reason:
      "in the constructor's catch #follows is set only by the branch whose last statement, link.follow(this), cannot throw, so no throw reaches the catch with a follower to undo",
  },
  {
    file: "src/models/_attempt.ts",
    before: "} else this.#follows?.unfollow(this);",
    after: "} else ;",
    reason:
      "the attempt stays the call's follower after its answer: a later abort of the call (caller, dispose(), a relayed body's abort) runs its handleEvent, whose #stop rejects the wait for an answer that has already settled, which does nothing; the next attempt of the call follows no link (only the first does), and the LinkedCall is let go with the call",
  },
  {
    file: "src/models/_job.ts",
    before: "for (const name of names ?? entries.keys()) {",
    after: "for (const name of names || entries.keys()) {",
    reason:
      "`names` is a list of backend names or undefined, and a list, even an empty one, is never falsy: ?? and || pick the same side",
  },
  // Fifteenth round (core15).
  {
    file: "src/models/_util.ts",
    before: 'parent.addEventListener("abort", onAbort, { once: true });',
    after: 'parent.addEventListener("abort", onAbort, { once: false });',
    reason:
      "a signal dispatches abort at most once, so a listener left on an aborted parent never runs again; and every caller (a stream attempt's settle, a health probe's finally, a parallel dispatch's settle, dispatch's finally) removes it through the returned unlink when its call ends: only how long an aborted parent holds it changes",
  },
  {
    file: "src/models/routing/_rank.ts",
    before:
      '): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);',
    after:
      '): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);',
    reason:
      "the two differ only for a weight of 0 or -0: 0 gives 0 either way, and -0 kept as -0 sums, divides and multiplies with finite scores exactly as 0 does (`sum === 0` holds for -0 too), so every backend scores and ranks the same",
  },
  {
    file: "src/models/testing.ts",
    before:
      ": options.chunks ?? streamOf(await respond(request, index), false);",
    after:
      ": options.chunks || streamOf(await respond(request, index), false);",
    reason:
      "chunks is an Iterable of chunks (an array, a Set, a generator: an object) when it is not a function, and an object is never falsy: ?? and || pick the same side",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "decided = true;",
    after: "decided = false;",
    reason:
      "decided is read only where pending reaches 0, which cannot happen after a win: the winner never counts down, and win() marks every loser done, so their outcomes return before counting",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "done[i] = true;",
    after: "done[i] = false;",
    context: "});",
    reason:
      "the winner's flag is read only by its own outcome (already handled) and by a later win(), which cannot come: win() marked every loser done, so no other racer's outcome reaches win()",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "done[i] = true;",
    after: "done[i] = false;",
    context: "if (outcome === undefined) return win(i);",
    reason:
      "a racer that failed is already settled: a later win() then cancels it again, and cancel() hands back its recorded failure (the same object outcomes[i] holds), while close() of a settled attempt only closes its gate again, which removes nothing twice",
  },
  {
    file: "src/models/streaming/race.ts",
    before: "done[j] = true;",
    after: "done[j] = false;",
    reason:
      "the loser is cancelled and closed on the next lines either way, so no stream is left unread or uncancelled; the flag only keeps the loser's own later answer out: a loser that had settled answers with the very outcome cancel() returned, one that had not answers with its abort two turns after the win, when the stream has already copied the race's outcomes into its log (one turn after), and one that committed in the same turn calls win() again, which finds every other racer settled (cancel() hands back the recorded outcome, close() is idempotent) and resolves a settled promise. A sweep of two losers committing, failing, finishing or hanging 0 to 9 turns against a winner's 4 gave the same chunks, traces on start and done, statistics and return() counts with the mutant as without",
  },
  {
    file: "src/models/_util.ts",
    before: 'signal.addEventListener("abort", onAbort, { once: true });',
    after: 'signal.addEventListener("abort", onAbort, { once: false });',
    reason:
      "raceAbort's listener is removed by the raced promise's own handlers when it settles, and a signal aborts at most once, so a listener kept after the abort never runs again; it stays only when the raced promise never settles (a hook or adapter that never answers), and then holds nothing of the call: onAbort reaches only the outer promise, already rejected, and a settled promise holds no reactions. A probe of 50 calls whose customFallback never answered, raced against the Router's lifetime signal and disposed, kept none of the requests the hook was given reachable after collection, with the mutant as without",
  },
  {
    file: "src/models/_registry.ts",
    before:
      'if (typeof window === "number" && window > tokens) tokens = window;',
    after:
      'if (typeof window === "number" && window >= tokens) tokens = window;',
    reason:
      "the two differ only when a backend's window equals the largest so far, and then the assignment writes the value tokens already holds (0 included: tokens starts at 0, and 0 still declares nothing)",
  },
  {
    file: "src/models/testing.ts",
    before: "once: true,",
    after: "once: false,",
    reason:
      "the hanging adapter's abort listener can only run at the signal's abort, which happens at most once, so it rejects once either way; kept on the aborted signal it holds only its own promise, already rejected (a settled promise holds no reactions), and the signal: nothing the caller can read, and nothing of the call is kept (see raceAbort's twin in _util.ts)",
  },
  {
    file: "src/models/_lifetime.ts",
    before: "if (this.#follower === follower) this.#follower = undefined;",
    after: "if (this.#follower !== follower) this.#follower = undefined;",
    reason:
      "a LinkedCall has one follower only (the first attempt; follow() has no other caller), so the mutant leaves that attempt followed after it ended; a later abort of the call's signal (dispose(), or a relayed body's abort after the hand-over) then calls its handleEvent, whose #stop is the reject of a race already settled, which does nothing. What stays is the reference from the LinkedCall to the ended attempt (its answer promise and signal), for as long as the LinkedCall lives: the call, or a relayed body's reading, which hold that answer anyway",
  },
];

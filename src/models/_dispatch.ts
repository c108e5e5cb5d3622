// dispatchParallel(): one request to several backends at once, each with
// its own AbortController linked to the caller's signal and to dispose().

import { type BackendFailure, ErrorCode, RouterError } from "./errors.ts";
import type { IRChatRequest } from "./types.ts";
import type {
  ParallelDispatchOptions,
  ParallelDispatchResult,
} from "./parallel.ts";
import { attempt } from "./_attempt.ts";
import { abortedRouterError, noBackend } from "./_failures.ts";
import {
  chooseResponse,
  dispatchFailed,
  dispatchResult,
  dispatchStrategy,
  runParallel,
  sortOutcomes,
} from "./_parallel.ts";
import type { Parts } from "./_parts.ts";
import { assertRequest } from "./_request.ts";
import type { BackendEntry } from "./_state.ts";
import { linkSignal } from "./_util.ts";

/** The backends a dispatch calls, and the named ones it cannot. */
function targetsOf(
  parts: Parts,
  names: readonly string[] | undefined,
): { targets: BackendEntry[]; unavailable: BackendFailure[] } {
  const usable = parts.selector.usable(undefined);
  const registry = parts.registry;
  const targets: BackendEntry[] = [];
  const unavailable: BackendFailure[] = [];
  if (names === undefined) {
    for (const entry of registry.order) if (usable(entry)) targets.push(entry);
  } else {
    for (const name of new Set(names)) {
      const entry = registry.require(name);
      if (usable(entry)) targets.push(entry);
      else {unavailable.push({
          backend: name,
          error: registry.unavailable(name),
        });}
    }
  }
  if (targets.length === 0) {
    throw new RouterError({
      code: ErrorCode.NO_BACKEND_AVAILABLE,
      message: "No backend is available for parallel dispatch",
      attemptedBackends: [],
      errors: unavailable,
    });
  }
  return { targets, unavailable };
}

/** Runs one dispatch; see Router.dispatchParallel. */
export async function dispatch(
  parts: Parts,
  request: IRChatRequest,
  options: ParallelDispatchOptions,
): Promise<ParallelDispatchResult> {
  if (parts.registry.disposed) throw noBackend("Router is disposed");
  // Before any adapter: the same refusal as execute and selectBackend.
  assertRequest(request);
  const strategy = dispatchStrategy(options);
  // A call already given up reaches no adapter, as with execute: nothing
  // sent, billed or counted.
  if (options.signal?.aborted) {
    throw abortedRouterError(options.signal, []);
  }
  const { targets, unavailable } = targetsOf(parts, options.backends);
  const names = targets.map((t) => t.name);
  const controller = new AbortController();
  const unlinkCaller = linkSignal(options.signal, controller);
  const unlinkLifetime = linkSignal(parts.lifetime.signal, controller);
  const stopOnSuccess = strategy === "first" || strategy === "fastest";
  const clock = parts.settings.clock;
  const start = clock();
  const run = await runParallel(
    targets.length,
    (i, s) => attempt(targets[i], request, s, parts),
    {
      parent: controller.signal,
      timeoutMs: options.timeout,
      stopOnSuccess,
      cancelLosers: stopOnSuccess && (options.cancelOnFirstSuccess ?? true),
    },
  );
  // Losers left running (cancelOnFirstSuccess: false) stay within dispose()'s reach.
  run.allSettled.then(() => {
    unlinkCaller();
    unlinkLifetime();
  });
  const totalTimeMs = clock() - start;
  const outcomes = sortOutcomes(run, unavailable);
  if (outcomes.successes.length === 0) {
    // The caller's signal or dispose(); a timeout aborts the attempts, not the controller.
    throw controller.signal.aborted
      ? abortedRouterError(controller.signal, outcomes.attempted)
      : dispatchFailed(names, outcomes.failedBackends);
  }
  const response = await chooseResponse(
    run,
    strategy,
    options,
    outcomes.successes,
    names,
  );
  const winner = run.winner >= 0
    ? names[run.winner]
    : outcomes.successes[0].backend;
  return dispatchResult(response, winner, outcomes, run, names, totalTimeMs);
}

/**
 * The `echo` and `mock` backends a config names are testing adapters, whose
 * `calls` log is kept for test assertions and never trimmed. A gateway runs
 * them for days (`switchyard gateway` with no key set serves the mock), so
 * the log must not grow with every request.
 *
 * @module
 */
import type { BackendAdapter } from "../models/types.ts";
import type { TestAdapter } from "../models/testing.ts";

/**
 * `adapter` with its `calls` log emptied before each call, so that it holds
 * at most the latest call's entry.
 *
 * @param adapter A testing adapter.
 * @returns An adapter answering as `adapter` does, without the `calls` log.
 */
export function withoutCallLog(adapter: TestAdapter): BackendAdapter {
  const wrapped: BackendAdapter = {
    metadata: adapter.metadata,
    execute(request, signal) {
      adapter.calls.length = 0;
      return adapter.execute(request, signal);
    },
    executeStream(request, signal) {
      adapter.calls.length = 0;
      return adapter.executeStream(request, signal);
    },
  };
  if (adapter.healthCheck) {
    const healthCheck = adapter.healthCheck.bind(adapter);
    wrapped.healthCheck = (signal) => {
      adapter.calls.length = 0;
      return healthCheck(signal);
    };
  }
  return wrapped;
}

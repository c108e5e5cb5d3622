// A backend that streams `count` content chunks made one at a time, and
// counts how many it has made: how far a stream was pulled.
import {
  createMockAdapter,
  type TestAdapter,
} from "../../src/models/testing.ts";
import type { IRStreamChunk } from "../../src/models/mod.ts";

export function countingBackend(
  delta: (i: number) => string,
  count: number,
): TestAdapter & { produced(): number } {
  let produced = 0;
  const adapter = createMockAdapter({
    *chunks(): Generator<IRStreamChunk> {
      yield { type: "start", sequence: 0, metadata: { provider: "testing" } };
      for (let i = 1; i <= count; i++) {
        produced++;
        yield { type: "content", sequence: i, delta: delta(i) };
      }
      yield { type: "done", sequence: count + 1, finishReason: "stop" };
    },
  });
  return Object.assign(adapter, { produced: () => produced });
}

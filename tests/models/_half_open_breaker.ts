// A router whose one backend `x` holds every call until the test settles
// it, brought to the moment the breaker-order tests share: one call admitted
// while the breaker was closed still waits, `threshold` later calls have
// failed and opened the breaker. The caller lets the timeout pass (or not),
// reads the breaker (or not) and settles the early call.
import assert from "node:assert/strict";
import {
  type BackendAdapter,
  createRouter,
  type IRChatResponse,
  type Router,
} from "../../src/models/mod.ts";
import { FakeTime } from "./_fake_time.ts";
import { reply, req } from "./_helpers.ts";

/** `x`'s breaker as getBackendInfo() shows it: state and failure count. */
export type BreakerInfo = [state: string, failures: number];

/** Reads `x`'s breaker state and consecutive failures. */
export function breakerInfo(router: Router): BreakerInfo {
  const x = router.getBackendInfo("x") as {
    circuitBreakerState: string;
    consecutiveFailures: number;
  };
  return [x.circuitBreakerState, x.consecutiveFailures];
}

/**
 * Opens `x`'s breaker (timeout 1 000 ms on a {@link FakeTime}) with
 * `threshold` failed calls while `early`, admitted before them, still waits.
 * `settle[i](ok)` answers the i-th call `x` received (0 is `early`; the next
 * call the test makes is `threshold + 1`). The caller disposes the router.
 */
export async function openWhileOneCallWaits(threshold: number) {
  const time = new FakeTime();
  const settle: ((ok: boolean) => void)[] = [];
  const router = createRouter({
    now: time.now,
    timers: time.timers,
    enableCircuitBreaker: true,
    circuitBreakerThreshold: threshold,
    circuitBreakerTimeout: 1_000,
    fallbackStrategy: "none",
  }).register("x", {
    metadata: { name: "x", provider: "testing", capabilities: {} },
    execute: () =>
      new Promise<IRChatResponse>((resolve, reject) =>
        settle.push((ok) =>
          ok ? resolve(reply("ok")) : reject(new Error("500"))
        )
      ),
    async *executeStream() {},
  } as unknown as BackendAdapter);
  const early = router.execute(req()); // admitted while closed
  const failing = Array.from(
    { length: threshold },
    () => router.execute(req()),
  );
  for (let i = 1; i <= threshold; i++) settle[i](false);
  for (const call of failing) await assert.rejects(call);
  return { time, router, early, settle };
}

// `runGateway` embedded in a program (Deno only, a subprocess): once it has
// drained and returned, it leaves nothing behind that changes how the
// program ends — no watch on the runner keeping it alive, no signal
// listener swallowing Ctrl-C, no Redis connection held open by a stalled
// server. The command itself exits explicitly, so only an embedding
// program sees these.
import assert from "node:assert/strict";
import { withTimeout } from "../_bounded.ts";
import { needs } from "../_programs.ts";
import { startRedis } from "../models/stores/_redis_server.ts";
import { type Running, startCli } from "./_spawn.ts";

const EMBEDDED = new URL("./_embedded_gateway.ts", import.meta.url).pathname;
const DENO = ["run", "-A", "--unstable-no-legacy-abort", EMBEDDED];
/** A bound on an exit that must come on its own, far below a drain bound. */
const EXIT_MS = 15_000;

/** Waits for the program to end on its own; on timeout, says what it printed. */
async function ended(
  program: Running,
  why: string,
): Promise<Deno.CommandStatus> {
  return await withTimeout(
    program.status,
    EXIT_MS,
    `${why}; it printed:\n${program.stdout()}\n${program.stderr()}`,
  );
}

// Bug: runGateway returns without stopping its watch on the runner (a
// one-second interval, armed when INIT_CWD says a package runner started
// it), so the program that embeds it never ends.
Deno.test("runGateway under a package runner: once it returns, the program ends on its own", async () => {
  const program = await startCli([], { INIT_CWD: "/" }, undefined, DENO);
  try {
    program.child.kill("SIGTERM");
    await program.line(/^runGateway returned 0$/m);
    const status = await ended(
      program,
      "the program did not end after runGateway returned",
    );
    assert.equal(status.code, 0);
  } finally {
    await program.stop();
  }
});

// Bug: the signal listeners (the stop listener, or the drain's second-signal
// listener) stay installed after runGateway returns, so Ctrl-C no longer
// ends the program: it is swallowed, or answered with "SIGINT again" and
// exit status 1 long after the gateway stopped.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.test(`runGateway stopped by ${signal}: afterwards, Ctrl-C ends the program as it would without it`, async () => {
    const program = await startCli([], { EMBED_LINGER: "1" }, undefined, DENO);
    try {
      program.child.kill(signal);
      await program.line(/^lingering$/m);
      program.child.kill("SIGINT");
      const status = await ended(
        program,
        "SIGINT did not end the program after runGateway returned",
      );
      assert.equal(status.signal, "SIGINT", program.stderr());
      assert.doesNotMatch(program.stderr(), /again/);
    } finally {
      await program.stop();
    }
  });
}

const noRedis = needs("runGateway with a stalled Redis", "redis-server").ignore;

// Bug: at shutdown, a Redis client whose close does not finish (the server
// stalled with a command of ours unanswered) is left open instead of being
// destroyed once the close bound runs out, so the program hangs for as
// long as Redis does.
Deno.test({
  name: "runGateway with Redis stalled at shutdown: the program still ends",
  ignore: noRedis,
  async fn() {
    const redis = await startRedis();
    try {
      const program = await startCli(
        [],
        { REDIS_URL: `redis://127.0.0.1:${redis.port}` },
        undefined,
        DENO,
      );
      try {
        await program.line(/^switchyard: shared state on Redis /m);
        assert.doesNotMatch(program.stdout(), /not answering yet/);
        redis.pause();
        // The background read goes unanswered: a command of ours is pending.
        await program.errLine(/"code":"store-unavailable"/);
        program.child.kill("SIGTERM");
        await program.line(/^runGateway returned 0$/m);
        const status = await ended(
          program,
          "the program did not end while Redis stalled",
        );
        assert.equal(status.code, 0);
      } finally {
        redis.resume();
        await program.stop();
      }
    } finally {
      await redis.stop();
    }
  },
});

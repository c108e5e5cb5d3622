/**
 * Bounded waits for Deno-only tests: subprocesses, fetches and promises.
 * Every wait in the suite has a bound, so a stuck test fails with a message
 * instead of hanging the run; a child that ignores SIGTERM gets SIGKILL after
 * a grace period (`deno serve --parallel` sometimes does).
 *
 * @module
 */
import { withTimeout } from "./_timeout.ts";

export { withTimeout };

/** Bound of a subprocess that should finish on its own. */
export const RUN_TIMEOUT_MS = 60_000;
/** Time a child gets between SIGTERM and SIGKILL. */
export const GRACE_MS = 3_000;
/** Bound of one fetch to a local server, body included. */
export const FETCH_TIMEOUT_MS = 15_000;

/** An abort signal for a fetch to a local server (it bounds the body too). */
export function fetchSignal(ms: number = FETCH_TIMEOUT_MS): AbortSignal {
  return AbortSignal.timeout(ms);
}

function signal(child: Deno.ChildProcess, name: Deno.Signal): void {
  try {
    child.kill(name);
  } catch {
    // Already exited.
  }
}

/**
 * Stops a spawned child: SIGTERM, then SIGKILL when it is still running after
 * `graceMs`. Throws when even SIGKILL does not end it within `graceMs`.
 *
 * @param child the child process (its piped streams are the caller's)
 * @param graceMs time between SIGTERM and SIGKILL
 * @returns its exit status
 */
export async function stopChild(
  child: Deno.ChildProcess,
  graceMs: number = GRACE_MS,
): Promise<Deno.CommandStatus> {
  const status = child.status;
  signal(child, "SIGTERM");
  try {
    return await withTimeout(status, graceMs, "ignored SIGTERM");
  } catch {
    signal(child, "SIGKILL");
    return await withTimeout(
      status,
      graceMs,
      `child ${child.pid} still running after SIGKILL`,
    );
  }
}

/** Options of {@link run}. */
export interface RunOptions {
  /** Arguments after the program. */
  args?: string[];
  /** Working directory. */
  cwd?: string | URL;
  /** Environment variables to add (or the whole environment with clearEnv). */
  env?: Record<string, string>;
  /** Start from an empty environment. */
  clearEnv?: boolean;
  /** Bytes or text written to the child's stdin (else stdin is null). */
  stdin?: string | Uint8Array;
  /** Bound of the whole run; then SIGTERM, SIGKILL, and a thrown error. */
  timeoutMs?: number;
}

/** What a finished subprocess left. */
export interface RunResult {
  code: number;
  success: boolean;
  stdout: Uint8Array;
  stderr: Uint8Array;
  /** stdout as UTF-8 text. */
  out: string;
  /** stderr as UTF-8 text. */
  err: string;
}

/**
 * Runs a program to completion with a bound: the bounded replacement of
 * `new Deno.Command(...).output()`.
 *
 * @param program the executable
 * @param options arguments, environment, stdin and bound
 * @returns its exit code and output
 */
export async function run(
  program: string | URL,
  options: RunOptions = {},
): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? RUN_TIMEOUT_MS;
  const child = new Deno.Command(program, {
    args: options.args ?? [],
    cwd: options.cwd,
    env: options.env,
    clearEnv: options.clearEnv,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  let killTimer: ReturnType<typeof setTimeout> | undefined;
  const termTimer = setTimeout(() => {
    timedOut = true;
    signal(child, "SIGTERM");
    killTimer = setTimeout(() => signal(child, "SIGKILL"), GRACE_MS);
  }, timeoutMs);
  const what = [String(program), ...(options.args ?? [])].join(" ")
    .slice(0, 200);
  try {
    // Written while the output is read, so a child that answers before it
    // has read all of its input cannot deadlock on a full pipe.
    const input = options.stdin === undefined
      ? Promise.resolve()
      : (async () => {
        const bytes = typeof options.stdin === "string"
          ? new TextEncoder().encode(options.stdin)
          : options.stdin!;
        const writer = child.stdin.getWriter();
        try {
          await writer.write(bytes);
          await writer.close();
        } catch {
          // The child exited without reading everything; its status says why.
        }
      })();
    // A grandchild holding the pipes open could outlive SIGKILL: bound that too.
    const [output] = await withTimeout(
      Promise.all([child.output(), input]),
      timeoutMs + 2 * GRACE_MS + 2_000,
      `${what}: output still open after the child was killed`,
    );
    if (timedOut) {
      throw new Error(
        `${what}: did not finish within ${timeoutMs} ms (killed)\nstderr: ${
          new TextDecoder().decode(output.stderr).slice(0, 2000)
        }`,
      );
    }
    const decoder = new TextDecoder();
    return {
      code: output.code,
      success: output.success,
      stdout: output.stdout,
      stderr: output.stderr,
      out: decoder.decode(output.stdout),
      err: decoder.decode(output.stderr),
    };
  } finally {
    clearTimeout(termTimer);
    clearTimeout(killTimer);
  }
}

/** Bound of a server's graceful shutdown (it waits for open connections). */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Shuts a server down and waits for it, bounded: a connection the code under
 * test leaked open fails the test with a message instead of hanging the run.
 *
 * @param server anything with a `shutdown()` that settles once it is closed
 * @param ms the bound
 */
export function shutdownBounded(
  server: { shutdown(): Promise<void> },
  ms: number = SHUTDOWN_TIMEOUT_MS,
): Promise<void> {
  return withTimeout(
    server.shutdown(),
    ms,
    "server.shutdown(): a connection never finished",
  );
}

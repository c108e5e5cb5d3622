// Runs the `switchyard` command as a user does, in a subprocess (Deno only):
// `deno run -A src/cli/mod.ts …` from any directory, with the caller's
// environment (CA variables and proxies included) less the command's own
// settings, plus the variables of one test. Every wait is bounded.
import { stopChild } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";

export const CLI = new URL("../../src/cli/mod.ts", import.meta.url).pathname;
const LISTENING = /^switchyard: listening on (http:\/\/\S+?)\/ /m;
/** Bound of a start or of a wait for a line. */
export const LINE_MS = 20_000;

/** A running command and everything it printed so far. */
export interface Running {
  readonly child: Deno.ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` on stdout (bounded). */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  /** The same on stderr. */
  errLine(pattern: RegExp): Promise<RegExpExecArray>;
  /** The exit status, once it exits (unbounded: wrap it in withTimeout). */
  readonly status: Promise<Deno.CommandStatus>;
  /** SIGTERM (SIGKILL after the grace) and the readers drained. */
  stop(): Promise<Deno.CommandStatus>;
}

/** `deno task start …` as a user runs it (the repository's deno.json). */
export const TASK_START = [
  "task",
  "--config",
  new URL("../../deno.json", import.meta.url).pathname,
  "start",
];

/**
 * Starts `deno run -A src/cli/mod.ts ...args` in `cwd`; with `deno` given,
 * `deno <deno...> ...args` instead (e.g. {@linkcode TASK_START}); with
 * `program` given, that program instead of deno (e.g. node).
 */
export function spawnCli(
  args: string[],
  vars: Record<string, string> = {},
  cwd?: string,
  deno: string[] = ["run", "-A", "--unstable-no-legacy-abort", CLI],
  program: string = Deno.execPath(),
): Running {
  const child = new Deno.Command(program, {
    args: [...deno, ...args],
    ...(cwd ? { cwd } : {}),
    clearEnv: true,
    env: cleanEnv(vars),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = { text: "" };
  const err = { text: "" };
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((wake) => wake());
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof out) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      sink.text += text;
      changed();
    }
  };
  const readers = Promise.all([
    pump(child.stdout, out),
    pump(child.stderr, err),
  ]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    changed();
    return s;
  });
  async function line(
    pattern: RegExp,
    sink = out,
  ): Promise<RegExpExecArray> {
    let late = false;
    let wake = () => {};
    const waiter = () => wake();
    waiters.add(waiter);
    const timer = setTimeout(() => {
      late = true;
      waiter();
    }, LINE_MS);
    try {
      for (;;) {
        const match = pattern.exec(sink.text);
        if (match) return match;
        if (exited || late) {
          throw new Error(
            `no line matching ${pattern} (${
              exited ? "it exited" : "timeout"
            }) on ${
              sink === out ? "stdout" : "stderr"
            }\nstdout: ${out.text}\nstderr: ${err.text}`,
          );
        }
        await new Promise<void>((resolve) => wake = resolve);
      }
    } finally {
      clearTimeout(timer);
      waiters.delete(waiter);
    }
  }
  return {
    child,
    stdout: () => out.text,
    stderr: () => err.text,
    line: (pattern) => line(pattern),
    errLine: (pattern) => line(pattern, err),
    status,
    async stop() {
      const result = exited ? await status : await stopChild(child, 10_000);
      await readers;
      return result;
    },
  };
}

/** Starts the command and waits for its listening line; the origin. */
export async function startCli(
  args: string[],
  vars: Record<string, string> = {},
  cwd?: string,
  deno?: string[],
  program?: string,
): Promise<Running & { origin: string }> {
  const running = spawnCli(args, { PORT: "0", ...vars }, cwd, deno, program);
  try {
    const match = await running.line(LISTENING);
    return Object.assign(running, { origin: match[1] });
  } catch (error) {
    await running.stop();
    throw error;
  }
}

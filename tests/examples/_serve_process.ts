// Runs examples/serve.ts as `deno task start` runs it: a subprocess with the
// start task's flags and the caller's environment less serve.ts's own
// settings, plus the variables under test, for the example tests that need
// the shipped server itself (Deno only).
import { stopChild } from "../_bounded.ts";

export const SERVE =
  new URL("../../examples/serve.ts", import.meta.url).pathname;
/**
 * The narrowest flags serve.ts runs with (the `start` task grants -A, which
 * the runner watch needs for /proc; these tests take permissions away).
 */
export const START_FLAGS = [
  "run",
  "--unstable-no-legacy-abort",
  "--allow-net",
  "--allow-env",
  "--allow-read",
];
const LISTENING = /^switchyard: listening on (http:\/\/\S+?)\/ /m;
export const STARTUP_MS = 20_000;

/**
 * The variables serve.ts reads as its own settings: a developer's or CI's
 * values must not leak into a test that sets its own.
 */
const SETTINGS =
  /^(PORT|HOST|INIT_CWD|SWITCHYARD_\w+|REDIS_URL|(OPENAI|ANTHROPIC|GEMINI|COHERE|OLLAMA)_\w+)$/;

/**
 * The caller's environment without serve.ts's settings, plus the variables of
 * one test. Everything else passes through: the CA variables
 * (`NODE_EXTRA_CA_CERTS`, `SSL_CERT_FILE`, …) and proxies are what the child
 * needs to fetch an npm package on a machine behind a TLS proxy.
 */
export function cleanEnv(vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(Deno.env.toObject())) {
    if (!SETTINGS.test(name)) env[name] = value;
  }
  return { ...env, NO_COLOR: "1", ...vars };
}

export const ROOT = new URL("../../", import.meta.url).pathname;

/** `deno <args>` from the repository root; by default serve.ts as the start task runs it. */
function command(
  vars: Record<string, string>,
  args: string[] = [...START_FLAGS, SERVE],
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    clearEnv: true,
    env: cleanEnv(vars),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

/** A running `serve.ts`: its origin and everything it has printed so far. */
export interface Serve {
  origin: string;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit status (SIGKILL after 10 s). */
  stop(): Promise<Deno.CommandStatus>;
}

async function collect(
  stream: ReadableStream<Uint8Array>,
  sink: { text: string },
  changed: () => void,
): Promise<void> {
  for await (const text of stream.pipeThrough(new TextDecoderStream())) {
    sink.text += text;
    changed();
  }
}

/**
 * Starts serve.ts and waits for its listening line. The child is always
 * killed and awaited, also when startup fails.
 */
export async function startServe(vars: Record<string, string>): Promise<Serve> {
  const child = command({ PORT: "0", ...vars }).spawn();
  const out = { text: "" };
  const err = { text: "" };
  let wake = (): void => {};
  const changed = () => wake();
  const readers = Promise.all([
    collect(child.stdout, out, changed),
    collect(child.stderr, err, changed),
  ]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    changed();
    return s;
  });

  const stop = async (): Promise<Deno.CommandStatus> => {
    const result = exited ? await status : await stopChild(child, 10_000);
    await readers;
    return result;
  };

  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    const timedOut = new Promise<void>((resolve) => {
      deadline = setTimeout(resolve, STARTUP_MS);
    });
    let late = false;
    timedOut.then(() => (late = true));
    for (;;) {
      const match = LISTENING.exec(out.text);
      if (match) {
        return {
          origin: match[1],
          stdout: () => out.text,
          stderr: () => err.text,
          stop,
        };
      }
      if (exited || late) {
        throw new Error(
          `serve.ts did not print its listening line (${
            exited ? "it exited" : "timeout"
          })\nstdout: ${out.text}\nstderr: ${err.text}`,
        );
      }
      await Promise.race([
        new Promise<void>((resolve) => (wake = resolve)),
        timedOut,
      ]);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(deadline);
  }
}

// Deno-only: real bash for the curl tests, bounded in time. One runner for
// the tests that check how bash splits a command (a fake `curl` prints its
// argv) and for the wire tests that run the real curl (_curl_wire.ts).

import { run } from "../_bounded.ts";

/** What a bash run gave. */
export interface BashRun {
  /** Exit code. */
  code: number;
  /** Standard output bytes. */
  stdout: Uint8Array;
  /** Standard error text. */
  stderr: string;
}

/** How the script reaches bash. */
export interface BashOptions {
  /**
   * `stdin`: read as a script (`bash -s`), line by line, so `set -o
   * histexpand` applies to the lines after it. `argument`: `bash -c script`,
   * the whole text as one input, as a pasted command ends (a final
   * backslash stays an argument). Default `stdin`.
   */
  mode?: "stdin" | "argument";
  /** Bound of the run in milliseconds (default 10 s); past it the run throws. */
  timeoutMs?: number;
}

/** Runs `script` with bash in a clean environment, bounded in time. */
export async function runBash(
  script: string,
  options: BashOptions = {},
): Promise<BashRun> {
  const stdin = (options.mode ?? "stdin") === "stdin";
  const output = await run("bash", {
    args: ["--norc", "--noprofile", ...(stdin ? ["-s"] : ["-c", script])],
    stdin: stdin ? script : undefined,
    env: { PATH: "/usr/bin:/bin", HOME: "/nonexistent", LC_ALL: "C.UTF-8" },
    clearEnv: true,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  return { code: output.code, stdout: output.stdout, stderr: output.err };
}

/** How {@link argvThroughBash} and {@link curlCallsThroughBash} run a command. */
export interface FakeCurlOptions {
  /**
   * Turn on history expansion, as in an interactive shell, so a `!` the
   * quoting failed to protect would bite.
   */
  history?: boolean;
  /**
   * Print to a descriptor of its own (9, a copy of stdout made first), so
   * that the command's own redirections (`2>&1`, `>/dev/null`) cannot move
   * what the fake `curl` prints.
   */
  ownDescriptor?: boolean;
}

/** What a fake `curl` running `print` wrote while bash ran `command`. */
async function fakeCurlOutput(
  command: string,
  print: string,
  options: FakeCurlOptions,
): Promise<string> {
  const script = (options.history ? "set -o history -o histexpand\n" : "") +
    (options.ownDescriptor ? "exec 9>&1\n" : "") +
    `curl() { ${print}${options.ownDescriptor ? " >&9" : ""}; }\n` +
    command + "\n";
  const { code, stdout, stderr } = await runBash(script);
  if (code !== 0) throw new Error(`bash exited with ${code}: ${stderr}`);
  return new TextDecoder("utf-8", { fatal: true }).decode(stdout);
}

/**
 * The argv bash hands to `curl` for `command` (a `curl` function prints its
 * arguments).
 */
export async function argvThroughBash(
  command: string,
  options: FakeCurlOptions = {},
): Promise<string[]> {
  const text = await fakeCurlOutput(command, "printf '%s\\0' \"$@\"", options);
  if (!text.endsWith("\0")) throw new Error(`no argv printed for ${command}`);
  return text.slice(0, -1).split("\0");
}

/**
 * How many times bash runs `curl` for `command` (a fake `curl` counts on a
 * descriptor of its own), in a temporary directory: a redirection such as
 * `>& curl` makes its file there.
 */
export async function curlCallsThroughBash(command: string): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "curl_calls_" });
  try {
    const text = await fakeCurlOutput(
      `cd '${dir}'\n${command}`,
      "printf 'call\\n'",
      { ownDescriptor: true },
    );
    return text.split("\n").filter((line) => line === "call").length;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// The command's runtime for in-process tests: the environment and files
// given, output kept, stop signals held until the test sends one, and the
// listening line awaited (bounded by the caller).
import {
  FileError,
  type Runtime,
  type StopSignal,
} from "../../src/cli/_runtime.ts";

/** A runtime double and what the test does with it. */
export interface RuntimeDouble {
  readonly runtime: Runtime;
  /** Every line written to stdout and stderr, in order. */
  readonly out: string[];
  /** Resolves at the listening line. */
  readonly listening: Promise<void>;
  /** Sends SIGTERM to every stop listener installed. */
  stop(): void;
}

/**
 * A runtime whose environment is `vars`, whose files are `files`, whose
 * stdin is `stdin` and whose parent pid is what `ppid` answers (the runner
 * watch asks it every second).
 */
export function runtimeDouble(
  vars: Record<string, string>,
  options: {
    files?: Record<string, Uint8Array | string>;
    ppid?: () => number;
    /** Bytes piped to stdin; without them stdin is a terminal. */
    stdin?: Uint8Array;
  } = {},
): RuntimeDouble {
  const { files = {}, ppid = () => 1, stdin } = options;
  const out: string[] = [];
  let listened = () => {};
  const listening = new Promise<void>((resolve) => listened = resolve);
  const listeners = new Set<(signal: StopSignal) => void>();
  const file = (path: string): Uint8Array => {
    const content = files[path];
    if (content === undefined) throw new FileError(path, true, "missing");
    return typeof content === "string"
      ? new TextEncoder().encode(content)
      : content;
  };
  const runtime: Runtime = {
    name: "deno",
    version: Deno.version.deno,
    args: [],
    env: (name) => vars[name],
    callerDir: () => "/srv",
    readFile: (path) => Promise.resolve(file(path)),
    readFileSync: file,
    readStdin: () => Promise.resolve(stdin ?? new Uint8Array()),
    stdinIsTerminal: () => stdin === undefined,
    out: (line) => {
      out.push(line);
      if (line.startsWith("switchyard: listening on")) listened();
    },
    err: (line) => out.push(line),
    log: (line) => out.push(line),
    flush: () => {},
    onStop: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
    ppid,
  };
  const stop = () => listeners.forEach((listener) => listener("SIGTERM"));
  return { runtime, out, listening, stop };
}

// What the command needs of the runtime it runs on, Deno or Node 20+, in
// one place: the arguments, the environment, files, stdin, output, signals
// and exit. Nothing here imports a built-in statically (the `./cli` entry
// point still bundles); Node's modules are loaded when first used.
import { LineBuffer, type LineSink } from "./_line_buffer.ts";

/** A file that could not be read; `notFound` when it does not exist. */
export class FileError extends Error {
  /** `NOT_FOUND` or `UNREADABLE`. */
  readonly code: "NOT_FOUND" | "UNREADABLE";
  /**
   * @param path The absolute path.
   * @param notFound Whether the file is missing.
   * @param reason The runtime's message.
   */
  constructor(readonly path: string, notFound: boolean, reason: string) {
    super(
      notFound ? `no such file: ${path}` : `cannot read ${path}: ${reason}`,
    );
    this.name = "FileError";
    this.code = notFound ? "NOT_FOUND" : "UNREADABLE";
  }
}

/** The signals that ask a server to stop. */
export type StopSignal = "SIGTERM" | "SIGINT";

/** The runtime as the command sees it. */
export interface Runtime {
  /** `deno` or `node`. */
  readonly name: "deno" | "node";
  /** The runtime's version, e.g. `2.9.6`. */
  readonly version: string;
  /** Command-line arguments after the program. */
  readonly args: readonly string[];
  /** An environment variable; undefined when unset. */
  env(name: string): string | undefined;
  /**
   * The directory the user ran the command in: `INIT_CWD` under `deno task`
   * and `npm exec` (which run from the project root), else the working
   * directory.
   */
  callerDir(): string;
  /** A file's bytes. @throws {FileError} */
  readFile(path: string): Promise<Uint8Array>;
  /** A file's bytes, synchronously (for config files). @throws {FileError} */
  readFileSync(path: string): Uint8Array;
  /** All of stdin. */
  readStdin(): Promise<Uint8Array>;
  /** Whether stdin is a terminal (nothing piped). */
  stdinIsTerminal(): boolean;
  /** Writes a line to stdout (after the gathered log lines). */
  out(line: string): void;
  /** Writes a line to stderr (after the gathered log lines). */
  err(line: string): void;
  /**
   * Gathers a log line for stdout, written within about 100 ms or when
   * 16 KiB are gathered: the per-request line, cheap on a busy server.
   */
  log(line: string): void;
  /** Writes the gathered log lines now (before the process ends). */
  flush(): void;
  /** Calls `listener` on SIGTERM and SIGINT; returns the remover. */
  onStop(listener: (signal: StopSignal) => void): () => void;
  /** Ends the process. */
  exit(code: number): never;
  /** The parent's pid now (it changes when the parent exits). */
  ppid(): number;
}

// deno-lint-ignore no-explicit-any
type Any = any;
const deno: Any = (globalThis as Any).Deno;
const process: Any = (globalThis as Any).process;
const STOP_SIGNALS: readonly StopSignal[] = ["SIGTERM", "SIGINT"];
const NODE_FS: string = "node:fs";

/** A sink on `write`, scheduling with an ordinary timer. */
function sinkOf(write: (text: string) => void): LineSink {
  return {
    write(text) {
      try {
        write(text);
      } catch {
        // stdout is gone (a closed pipe): there is nowhere left to log.
      }
    },
    later(flush, ms) {
      const timer = setTimeout(flush, ms);
      return () => clearTimeout(timer);
    },
  };
}

/** Writes all of `bytes` to Deno's stdout (a write may take only part). */
function denoWriteAll(bytes: Uint8Array): void {
  let done = 0;
  while (done < bytes.length) {
    done += deno.stdout.writeSync(bytes.subarray(done));
  }
}

/** `path` made absolute against `base` (POSIX, or a Windows drive path). */
export function resolvePath(base: string, path: string): string {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path)) return path;
  const parts = base.replace(/[\\/]+$/, "").split(/[\\/]/);
  for (const segment of path.split(/[\\/]/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length > 1) parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/") || "/";
}

function callerDir(env: (name: string) => string | undefined, cwd: string) {
  let init: string | undefined;
  try {
    init = env("INIT_CWD");
  } catch {
    // Not permitted (a task granting only some variables): the cwd it is.
  }
  return init ? init : cwd;
}

function denoRuntime(): Runtime {
  // Without --allow-env this throws Deno's NotCapable, whose message says
  // which flag is missing: better than a setting silently ignored.
  const env = (name: string): string | undefined => deno.env.get(name);
  const fileError = (path: string, error: unknown) =>
    new FileError(
      path,
      error instanceof deno.errors.NotFound,
      (error as Error)?.message ?? String(error),
    );
  const utf8 = new TextEncoder();
  const logs = new LineBuffer(
    sinkOf((text) => denoWriteAll(utf8.encode(text))),
  );
  const flush = () => logs.flush();
  return {
    name: "deno",
    version: deno.version.deno,
    args: deno.args,
    env,
    callerDir: () => {
      let cwd = ".";
      try {
        cwd = deno.cwd();
      } catch {
        // No --allow-read: relative paths stay relative.
      }
      return callerDir(env, cwd);
    },
    async readFile(path) {
      try {
        return await deno.readFile(path);
      } catch (error) {
        throw fileError(path, error);
      }
    },
    readFileSync(path) {
      try {
        return deno.readFileSync(path);
      } catch (error) {
        throw fileError(path, error);
      }
    },
    async readStdin() {
      return new Uint8Array(
        await new Response(deno.stdin.readable).arrayBuffer(),
      );
    },
    stdinIsTerminal: () => deno.stdin.isTerminal(),
    out: (line) => {
      flush();
      console.log(line);
    },
    err: (line) => {
      flush();
      console.error(line);
    },
    log: (line) => logs.add(line),
    flush,
    onStop(listener) {
      const signals: readonly StopSignal[] = deno.build.os === "windows"
        ? ["SIGINT"]
        : STOP_SIGNALS;
      const handlers = signals.map((signal) => {
        const handler = () => listener(signal);
        deno.addSignalListener(signal, handler);
        return [signal, handler] as const;
      });
      return () => {
        for (const [signal, handler] of handlers) {
          deno.removeSignalListener(signal, handler);
        }
      };
    },
    exit: (code) => {
      flush();
      return deno.exit(code) as never;
    },
    ppid: () => deno.ppid,
  };
}

async function nodeRuntime(): Promise<Runtime> {
  // A computed specifier: bundlers leave it alone (the entry point still
  // bundles for the browser), Node resolves it when this runs.
  const fs: Any = await import(NODE_FS);
  const env = (name: string): string | undefined => process.env[name];
  const fileError = (path: string, error: Any) =>
    new FileError(
      path,
      error?.code === "ENOENT",
      error?.message ?? String(error),
    );
  const logs = new LineBuffer(sinkOf((text) => process.stdout.write(text)));
  const flush = () => logs.flush();
  return {
    name: "node",
    version: process.versions.node,
    args: process.argv.slice(2),
    env,
    callerDir: () => callerDir(env, process.cwd()),
    async readFile(path) {
      try {
        return new Uint8Array(await fs.promises.readFile(path));
      } catch (error) {
        throw fileError(path, error);
      }
    },
    readFileSync(path) {
      try {
        return new Uint8Array(fs.readFileSync(path));
      } catch (error) {
        throw fileError(path, error);
      }
    },
    async readStdin() {
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk);
      return new Uint8Array(await new Blob(chunks).arrayBuffer());
    },
    stdinIsTerminal: () => Boolean(process.stdin.isTTY),
    out: (line) => {
      flush();
      console.log(line);
    },
    err: (line) => {
      flush();
      console.error(line);
    },
    log: (line) => logs.add(line),
    flush,
    onStop(listener) {
      const handlers = STOP_SIGNALS.map((signal) => {
        const handler = () => listener(signal);
        process.on(signal, handler);
        return [signal, handler] as const;
      });
      return () => {
        for (const [signal, handler] of handlers) process.off(signal, handler);
      };
    },
    exit: (code) => {
      flush();
      return process.exit(code) as never;
    },
    ppid: () => process.ppid,
  };
}

/**
 * The runtime this runs on.
 *
 * @throws {Error} On neither Deno nor Node.
 */
export async function currentRuntime(): Promise<Runtime> {
  if (deno?.version?.deno) return denoRuntime();
  if (process?.versions?.node) return await nodeRuntime();
  throw new Error("switchyard runs on Deno or Node 20+");
}

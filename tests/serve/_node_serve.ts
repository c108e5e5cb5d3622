/**
 * Runs a listener fixture under Node itself, for the tests that must reach
 * the node:http listener as the npm package ships it: the fixture is
 * bundled by `deno bundle`, run by the `node` on PATH, and gives its port
 * and one line per event on stdout. Every wait is bounded.
 *
 * @module
 */
import assert from "node:assert/strict";
import { run, stopChild, withTimeout } from "../_bounded.ts";
import { programPath } from "../_programs.ts";
import { ask, bodyOf, type RawClient, rawClient } from "./_raw_client.ts";

/** The fixture most Node listener tests run. */
export const FIXTURE = new URL("./fixtures/node_serve.ts", import.meta.url);
const START_MS = 20_000;

/** Bundles `entry` (the fixture unless given) for Node into `dir`. */
export async function bundle(
  dir: string,
  entry: URL = FIXTURE,
): Promise<string> {
  const out = `${dir}/${
    entry.pathname.slice(entry.pathname.lastIndexOf("/") + 1, -3)
  }.mjs`;
  const bundled = await run(Deno.execPath(), {
    args: [
      "bundle",
      "--no-lock",
      "--platform",
      "browser",
      "-o",
      out,
      entry.pathname,
    ],
    cwd: dir,
  });
  assert.equal(bundled.code, 0, bundled.err);
  return out;
}

/** The running fixture: its port, what it printed, and its stop. */
export interface NodeServe {
  port: number;
  /** Resolves once a line of stdout equals `line` (bounded). */
  printed(line: string): Promise<void>;
  /** The lines of stdout so far. */
  lines(): string[];
  /** Ends its stdin (it shuts the server down) and waits for its exit. */
  ended(): Promise<Deno.CommandStatus>;
}

/** Runs the bundled fixture under node; `use` gets it once it listens. */
export async function withNodeServe(
  script: string,
  vars: Record<string, string>,
  use: (serve: NodeServe) => Promise<void>,
): Promise<void> {
  const child = new Deno.Command(programPath("node"), {
    args: [script],
    env: vars,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const pump = async (
    stream: ReadableStream<Uint8Array>,
    add: (text: string) => void,
  ) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      add(text);
      waiters.forEach((wake) => wake());
    }
  };
  const pumped = Promise.all([
    pump(child.stdout, (text) => out += text),
    pump(child.stderr, (text) => err += text),
  ]);
  let exited = false;
  const status = child.status.then((status) => {
    exited = true;
    waiters.forEach((wake) => wake());
    return status;
  });
  const until = (done: () => boolean, what: string): Promise<void> => {
    let wake!: () => void;
    const reached = new Promise<void>((resolve, reject) => {
      wake = () => {
        if (done()) resolve();
        else if (exited) {
          reject(new Error(`node exited before ${what}: ${err}`));
        }
      };
      waiters.add(wake);
      wake();
    });
    return withTimeout(reached, START_MS, `${what}; stderr: ${err}`).finally(
      () => waiters.delete(wake),
    );
  };
  const lines = () => out.split("\n");
  try {
    await until(() => /^\d+$/m.test(out), "the node server's port");
    await use({
      port: Number(lines()[0]),
      printed: (line) =>
        until(() => lines().includes(line), `the line "${line}"`),
      lines,
      async ended() {
        await child.stdin.close();
        return await withTimeout(status, START_MS, "node to exit");
      },
    });
  } finally {
    await child.stdin.close().catch(() => {});
    if (!exited) await stopChild(child);
    await withTimeout(pumped, START_MS, "node's output to end");
  }
}

/**
 * Bundles `entry` into a temporary folder, runs it as
 * {@linkcode withNodeServe} does, and removes the folder after.
 */
export async function withBundledNodeServe(
  entry: URL,
  vars: Record<string, string>,
  use: (serve: NodeServe) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await withNodeServe(await bundle(dir, entry), vars, use);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * Asserts that a next client on a fresh connection is answered: the
 * fixture echoes `GET /after`, so a lost slot or a stuck server shows.
 */
export async function assertAnswersNext(port: number): Promise<void> {
  const answer = await ask(
    port,
    "GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  );
  assert.match(answer, /^HTTP\/1\.1 200 /);
  assert.equal(bodyOf(answer), "GET /after");
}

/**
 * A client whose `GET /wait` the fixture's handler is holding (it answers
 * only once the client leaves): resolves once the handler has it.
 */
export async function holdWait(serve: NodeServe): Promise<RawClient> {
  const client = await rawClient(serve.port);
  try {
    await client.write("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n");
    await serve.printed("handling /wait");
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return client;
}

/**
 * Closes the client holding `/wait` and waits until the fixture has seen
 * its answer given up (`completed /wait Error`, printed once the answer's
 * close was handled, connection slot and all).
 */
export async function leaveWait(
  client: RawClient,
  serve: NodeServe,
): Promise<void> {
  await client.destroy();
  await serve.printed("completed /wait Error");
}

// The command's last gathered log line when the listener goes away on its
// own, checked in-process on the real runtime (`runGateway`, whose caller
// exits the process as soon as it returns).
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { runGateway } from "../../src/cli/mod.ts";
import type { Gateway } from "../../src/gateway/gateway_types.ts";

const BOUND_MS = 20_000;
const GONE =
  "switchyard: the server stopped accepting connections on its own; exiting with status 1";

// Bug (`mod.ts`, `rt.flush()` dropped from the `finally` of the command's
// guard): a streamed answer whose client leaves as the command reports its
// listener gone logs its line after the command's last printed line; the
// line waited in the runtime's buffer for its timer, and a program that
// exits when `runGateway` returns (as `deno.exit(await main())` does) lost
// it: an operator saw no trace of that request.
Deno.test("runGateway: a request's log line gathered as the listener goes away on its own is written before it returns", async () => {
  const dir = await Deno.makeTempDir();
  const config = `${dir}/gateway.json`;
  await Deno.writeTextFile(
    config,
    JSON.stringify({ backends: [{ name: "e", provider: "echo" }] }),
  );
  const stdout: string[] = [];
  const printed: string[] = [];
  const real = {
    listen: Deno.listen,
    writeSync: Deno.stdout.writeSync,
    log: console.log,
    error: console.error,
  };
  let listener: Deno.Listener | undefined;
  let served: Gateway | undefined;
  let held: ReadableStream<Uint8Array> | undefined;
  let listened!: (line: string) => void;
  const listening = new Promise<string>((resolve) => listened = resolve);
  // The command's own writers: gathered log lines go to stdout's writeSync,
  // printed lines through console.log and console.error.
  Deno.stdout.writeSync = (bytes: Uint8Array) => {
    stdout.push(new TextDecoder().decode(bytes));
    return bytes.length;
  };
  console.log = (line: string) => {
    printed.push(line);
    if (line.startsWith("switchyard: listening on")) listened(line);
  };
  console.error = (line: string) => {
    printed.push(line);
    // The client of the stream in flight leaves now: the gateway writes
    // its line at once, after every line gathered so far went out.
    if (line === GONE) void held?.cancel();
  };
  // deno-lint-ignore no-explicit-any
  (Deno as any).listen = (options: any) => listener = real.listen(options);
  let status: Promise<number> | undefined;
  try {
    status = runGateway(["--port", "0", "--config", config], {
      wrap: (gateway) => (served = gateway),
    });
    const line = await withTimeout(
      Promise.race([listening, status.then(String)]),
      BOUND_MS,
      "the command did not listen",
    );
    assert.match(line, /listening on/, printed.join("\n"));
    assert.ok(listener && served, "listening, the gateway served");
    const answer = await served(
      new Request("http://127.0.0.1/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "echo",
          stream: true,
          messages: [{ role: "user", content: "still in flight" }],
        }),
        signal: fetchSignal(),
      }),
    );
    assert.equal(answer.status, 200);
    held = answer.body ?? undefined;
    assert.ok(held, "a streamed answer");
    listener.close();
    assert.equal(
      await withTimeout(status, BOUND_MS, "the command went on"),
      1,
    );
    // What is in stdout when the caller would exit.
    const logged = stdout.join("").split("\n").filter((text) => text !== "");
    const lines = logged.map((text) => JSON.parse(text));
    assert.ok(
      lines.some((entry) =>
        entry.path === "/v1/chat/completions" && entry.status === 200
      ),
      `the stream's log line in stdout; stdout: ${logged.join("\n")}`,
    );
    assert.equal(printed.at(-1), GONE);
  } finally {
    Deno.listen = real.listen;
    Deno.stdout.writeSync = real.writeSync;
    console.log = real.log;
    console.error = real.error;
    if (status) await withTimeout(status, BOUND_MS, "the command went on");
    await Deno.remove(dir, { recursive: true });
  }
});

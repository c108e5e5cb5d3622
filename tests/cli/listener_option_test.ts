// `switchyard gateway --listener` (and SWITCHYARD_LISTENER), in-process on
// a runtime double: `deno-serve` serves through `Deno.serve` and says in the
// summary which bounds it lacks; `bounded` (the default, and an empty
// variable) keeps the bounded listener; an unknown name, `deno-serve` on
// Node, and `deno-serve` with the config's listener limits are refused in
// one line before anything listens. (The drain under `deno-serve` is in
// gateway_command_test.ts, with the command as a process.)
import assert from "node:assert/strict";
import { fetchSignal, withTimeout } from "../_bounded.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import { StartupError } from "../../src/cli/_startup_error.ts";
import { runtimeDouble } from "./_runtime_double.ts";
import { start } from "./_start_in_process.ts";

const BOUND_MS = 20_000;
const LISTENER_LINE =
  "switchyard: listener: Deno.serve (--listener deno-serve): no header, body or idle timeout and no connection cap; bound slow clients at the proxy in front";

/**
 * Runs `fn` with `Deno.serve` counted: every call still reaches the real
 * one. Returns the hostnames it was called with.
 */
async function countingDenoServe(
  fn: () => Promise<void>,
): Promise<string[]> {
  const real = Deno.serve;
  const calls: string[] = [];
  // deno-lint-ignore no-explicit-any
  (Deno as any).serve = (options: { hostname: string }, handler: unknown) => {
    calls.push(options.hostname);
    // deno-lint-ignore no-explicit-any
    return (real as any)(options, handler);
  };
  try {
    await fn();
  } finally {
    // deno-lint-ignore no-explicit-any
    (Deno as any).serve = real;
  }
  return calls;
}

/** The command run until it listens; its origin, output and stop. */
async function serving(vars: Record<string, string>, args: string[]) {
  const double = runtimeDouble({ PORT: "0", ...vars });
  const status = gatewayCommand(args, double.runtime);
  await withTimeout(
    Promise.race([
      double.listening,
      status.then((code) => {
        throw new Error(`exited ${code}: ${double.out.join("\n")}`);
      }),
    ]),
    BOUND_MS,
    "the command did not listen",
  );
  const line = double.out.find((l) => l.startsWith("switchyard: listening"))!;
  const origin = /http:\/\/[^/]+/.exec(line)![0];
  return {
    origin,
    out: double.out,
    async stop(): Promise<number> {
      double.stop();
      return await withTimeout(status, BOUND_MS, "the command did not stop");
    },
  };
}

async function chat(origin: string, stream: boolean): Promise<string> {
  const response = await fetch(`${origin}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "echo",
      stream,
      messages: [{ role: "user", content: "Ada" }],
    }),
    signal: fetchSignal(),
  });
  assert.equal(response.status, 200);
  return await response.text();
}

// Bugs: the flag or the variable ignored (the bounded listener used
// whatever was asked); the summary line left out; an answered request still
// counted as in progress when the drain starts.
for (
  const [how, vars, args] of [
    ["--listener deno-serve", {}, ["--listener", "deno-serve"]],
    ["SWITCHYARD_LISTENER=deno-serve", {
      SWITCHYARD_LISTENER: "deno-serve",
    }, []],
  ] as const
) {
  Deno.test(`switchyard gateway ${how}: served by Deno.serve, a JSON answer and a stream through; the summary says what it lacks`, async () => {
    const calls = await countingDenoServe(async () => {
      const server = await serving(vars, [...args]);
      try {
        assert.ok(server.out.includes(LISTENER_LINE), server.out.join("\n"));
        const json = JSON.parse(await chat(server.origin, false));
        assert.equal(json.choices[0].message.content, "Ada");
        const stream = await chat(server.origin, true);
        assert.match(stream, /"content":"Ada"/);
        assert.match(stream, /data: \[DONE\]\n\n$/);
        // The second request on the connection, as a client pool sends it.
        assert.match(await chat(server.origin, false), /"Ada"/);
      } finally {
        assert.equal(await server.stop(), 0);
      }
      // Three answered requests, none in progress at the stop.
      assert.ok(
        server.out.includes(
          "switchyard: SIGTERM: draining 0 connection(s), up to 25000 ms",
        ),
        server.out.join("\n"),
      );
    });
    assert.deepEqual(calls, ["127.0.0.1"]);
  });
}

// Bug: an empty variable read as a listener's name (refused) instead of
// unset; the bounded listener's default replaced.
Deno.test("switchyard gateway: the bounded listener by default, by name and with an empty SWITCHYARD_LISTENER", async () => {
  for (
    const [vars, args] of [
      [{}, []],
      [{ SWITCHYARD_LISTENER: "" }, []],
      [{ SWITCHYARD_LISTENER: "deno-serve" }, ["--listener", "bounded"]],
    ] as const
  ) {
    const calls = await countingDenoServe(async () => {
      const server = await serving(vars, [...args]);
      try {
        assert.ok(!server.out.includes(LISTENER_LINE));
        assert.match(await chat(server.origin, false), /"Ada"/);
      } finally {
        assert.equal(await server.stop(), 0);
      }
    });
    assert.deepEqual(calls, [], JSON.stringify([vars, args]));
  }
});

// Bugs: an unknown name served with a default; deno-serve let through on
// Node (no Deno.serve there); the config's listener limits dropped unseen
// under Deno.serve, which has none.
Deno.test("switchyard gateway --listener: an unknown name, deno-serve on Node, and deno-serve with the config's server limits are refused in one line", async () => {
  const refusals: [
    Record<string, string>,
    Record<string, string>,
    string[],
    string,
  ][] = [
    [
      {},
      {},
      ["--listener", "Deno-Serve"],
      '--listener must be one of bounded, deno-serve, got "Deno-Serve"',
    ],
    [
      { SWITCHYARD_LISTENER: "native" },
      {},
      [],
      'SWITCHYARD_LISTENER must be one of bounded, deno-serve, got "native"',
    ],
    [
      { SWITCHYARD_CONFIG: "/srv/gw.json" },
      {
        "/srv/gw.json": JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          server: { idleTimeoutMs: 5000 },
        }),
      },
      ["--listener", "deno-serve"],
      "--listener deno-serve has no listener limits, but the config sets server.idleTimeoutMs: remove the config's server section, or use the bounded listener",
    ],
    [
      { SWITCHYARD_CONFIG: "/srv/gw.json", SWITCHYARD_LISTENER: "deno-serve" },
      {
        "/srv/gw.json": JSON.stringify({
          backends: [{ name: "echo", provider: "echo" }],
          server: { maxConnections: 10 },
        }),
      },
      [],
      "SWITCHYARD_LISTENER deno-serve has no listener limits, but the config sets server.maxConnections: remove the config's server section, or use the bounded listener",
    ],
  ];
  for (const [vars, files, args, message] of refusals) {
    const calls = await countingDenoServe(async () => {
      const { listened, error } = await start(vars, files, args);
      assert.equal(listened, false, message);
      assert.ok(error instanceof StartupError, String(error));
      assert.equal((error as Error).message, message);
    });
    assert.deepEqual(calls, []);
  }
  // The same config serves under the bounded listener.
  const bounded = await start(
    { SWITCHYARD_CONFIG: "/srv/gw.json" },
    { "/srv/gw.json": refusals[2][1]["/srv/gw.json"] },
    [],
  );
  assert.equal(bounded.listened, true, String(bounded.error));

  // On a taken port: were it let through, the listen would fail instead
  // (with another message), and no server is left running.
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const double = runtimeDouble({ PORT: String(taken.addr.port) });
    await assert.rejects(
      withTimeout(
        gatewayCommand(["--listener", "deno-serve"], {
          ...double.runtime,
          name: "node",
        }),
        BOUND_MS,
        "the command on Node neither refused nor stopped",
      ),
      (error: unknown) =>
        error instanceof StartupError &&
        error.message ===
          "--listener deno-serve needs Deno; on Node the listener is node:http, with Node's own timeouts",
    );
  } finally {
    taken.close();
  }
});

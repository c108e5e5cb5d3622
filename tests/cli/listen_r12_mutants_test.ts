// `switchyard gateway` at the edges of what it accepts to listen with: the
// highest port and drain bound it documents are accepted, one past them is
// refused naming the setting, and a listen failure that is neither a port in
// use nor a refused privilege says the runtime's own reason, not advice
// about PORT that would send the operator the wrong way.
import assert from "node:assert/strict";
import { StartupError } from "../../src/cli/_startup_error.ts";
import { start } from "./_start_in_process.ts";

// Bug: the bound compared with `>=`, so the help's own "0 to 65535" and
// "--drain-ms up to 3600000" refuse their highest value.
Deno.test("switchyard gateway: --drain-ms 3600000 and --port 65535 are accepted, one past them refused", async () => {
  const longest = await start({}, {}, ["--drain-ms", "3600000"]);
  assert.equal(longest.listened, true, String(longest.error));
  assert.ok(
    longest.out.includes(
      "switchyard: SIGTERM: draining 0 connection(s), up to 3600000 ms",
    ),
    longest.out.join("\n"),
  );
  const past = await start({}, {}, ["--drain-ms", "3600001"]);
  assert.equal(past.listened, false);
  assert.ok(past.error instanceof StartupError, String(past.error));
  assert.equal(
    past.error.message,
    '--drain-ms must be an integer from 0 to 3600000, got "3600001"',
  );

  // Port 65535 may be taken on a shared machine: either way it was tried.
  const highest = await start({}, {}, ["--port", "65535"]);
  if (highest.listened) {
    assert.ok(
      highest.out.some((line) =>
        line.startsWith("switchyard: listening on http://127.0.0.1:65535/")
      ),
      highest.out.join("\n"),
    );
  } else {
    assert.ok(highest.error instanceof StartupError, String(highest.error));
    assert.match(
      highest.error.message,
      /^cannot listen on 127\.0\.0\.1:65535: /,
    );
  }
  const beyond = await start({ PORT: "65536" });
  assert.ok(beyond.error instanceof StartupError, String(beyond.error));
  assert.equal(
    beyond.error.message,
    'PORT must be an integer from 0 to 65535, got "65536"',
  );
});

// Bug: any listen failure on Deno reported as a port in use (or as a port
// below 1024 refused), so an address this machine does not have sends the
// operator to change PORT. 192.0.2.1 (TEST-NET-1) is no local address.
Deno.test("switchyard gateway: an address the machine does not have is refused with the runtime's reason, not PORT advice", async () => {
  const { listened, error } = await start(
    { K1: "sk-one-1234567890" },
    { "/srv/gw.json": JSON.stringify({ keys: [{ id: "a", key: "$K1" }] }) },
    ["--config", "gw.json", "--host", "192.0.2.1"],
  );
  assert.equal(listened, false);
  assert.ok(error instanceof StartupError, String(error));
  assert.match(error.message, /^cannot listen on 192\.0\.2\.1:0: \S/);
  assert.doesNotMatch(error.message, /PORT|in use|privileges/);
});

// Bug: the failure wrote an IPv6 address as `::1:8000`, where the port
// cannot be told from the address. 2001:db8::1 (documentation) is no local
// address, so every machine refuses it.
Deno.test("switchyard gateway: an IPv6 address it cannot listen on is named in brackets, as the listening line writes one", async () => {
  const { listened, error } = await start(
    { K1: "sk-one-1234567890" },
    { "/srv/gw.json": JSON.stringify({ keys: [{ id: "a", key: "$K1" }] }) },
    ["--config", "gw.json", "--host", "2001:db8::1"],
  );
  assert.equal(listened, false);
  assert.ok(error instanceof StartupError, String(error));
  assert.match(error.message, /^cannot listen on \[2001:db8::1\]:0: \S/);
});

/** The address of the command's listening line. */
function listenedOn(out: string[]): string | undefined {
  return out.map((line) =>
    /^switchyard: listening on http:\/\/(.+):\d+\//.exec(line)?.[1]
  )
    .find((host) => host !== undefined);
}

// Bug (seed 20261166, `gateway.ts:276`, `hostFlag !== undefined` → `===`):
// HOST ignored when no --host is given (the container's `HOST=0.0.0.0`
// silently listening on loopback), and --host ignored where HOST is set.
// 127.0.0.2 is a loopback address (no keys needed) that is not the default;
// Linux answers on all of 127/8, other systems only on 127.0.0.1.
Deno.test({
  name:
    "switchyard gateway: HOST names the listen address, and --host wins over it",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const fromEnv = await start({ HOST: "127.0.0.2" });
    assert.equal(fromEnv.listened, true, String(fromEnv.error));
    assert.equal(listenedOn(fromEnv.out), "127.0.0.2", fromEnv.out.join("\n"));
    const flagged = await start({ HOST: "127.0.0.2" }, {}, [
      "--host",
      "127.0.0.3",
    ]);
    assert.equal(flagged.listened, true, String(flagged.error));
    assert.equal(listenedOn(flagged.out), "127.0.0.3", flagged.out.join("\n"));
  },
});

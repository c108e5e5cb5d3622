// What a bug planted by hand beside the cli area's draw of seed 20261169
// showed unguarded in `switchyard gateway`'s listening line: no test
// listened on an IPv6 address, so nothing said that the URL it prints must
// be one a client can use.
import assert from "node:assert/strict";
import { start } from "./_start_in_process.ts";

/** The URL of the command's listening line. */
function listeningUrl(out: string[]): string {
  const url = out.map((line) =>
    /^switchyard: listening on (\S+) \(/.exec(line)?.[1]
  ).find((found) => found !== undefined);
  assert.ok(url !== undefined, out.join("\n"));
  return url;
}

/** Whether this machine has the IPv6 loopback (some containers do not). */
function hasIpv6Loopback(): boolean {
  try {
    Deno.listen({ hostname: "::1", port: 0 }).close();
    return true;
  } catch {
    return false;
  }
}

// Bug (`gateway.ts`, the brackets around an IPv6 listen address dropped):
// `--host ::1` printed `http://::1:PORT/`, which no client parses as that
// address and port (WHATWG URL refuses it; a person copying it gets nowhere).
// ::1 is the IPv6 loopback (no keys needed).
Deno.test({
  name:
    "switchyard gateway: on an IPv6 address (--host ::1, or HOST) the listening line's URL is bracketed and names that address and port",
  ignore: !hasIpv6Loopback(),
  async fn() {
    for (
      const [vars, args] of [
        [{}, ["--host", "::1"]],
        [{ HOST: "::1" }, []],
      ] as const
    ) {
      const { listened, error, out } = await start({ ...vars }, {}, [...args]);
      assert.equal(listened, true, String(error));
      const printed = listeningUrl(out);
      assert.match(printed, /^http:\/\/\[::1\]:\d+\/$/, printed);
      const url = new URL(printed);
      assert.equal(url.hostname, "[::1]");
      assert.notEqual(url.port, "0");
    }
  },
});

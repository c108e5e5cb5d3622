// `switchyard gateway` under Node when it cannot listen (Node 20 on PATH;
// skipped outside CI when it is missing): Node's listen errors carry a
// `code` (EADDRINUSE, EACCES) where Deno's are classes, so the command's
// one-line reasons are checked on Node itself, with the command bundled as
// the npm package ships it (JavaScript, ES module).
import assert from "node:assert/strict";
import { run } from "../_bounded.ts";
import { cleanEnv } from "../examples/_serve_process.ts";
import { needs, programPath } from "../_programs.ts";
import { bundleCli } from "./_node_bundle.ts";

const CLI = new URL("../../src/cli/mod.ts", import.meta.url);
const ignore = needs("the command's listen errors on Node", "node").ignore;

/** The lowest port an unprivileged process may bind (Linux), else 1024. */
function unprivilegedStart(): number {
  try {
    const text = Deno.readTextFileSync(
      "/proc/sys/net/ipv4/ip_unprivileged_port_start",
    );
    return Number(text.trim());
  } catch {
    return 1024;
  }
}

// `node bin.mjs gateway …`: the bin calls main as the package's does; as
// root, it first drops to nobody (65534), since root may bind any port.
const ENTRY = (cli: string) => `
const process = globalThis.process;
const { main } = await import(${JSON.stringify(cli)});
if (process.env.AS_NOBODY === "1") {
  process.setgid(65534);
  process.setuid(65534);
}
process.exit(await main(process.argv.slice(2)));
`;

Deno.test({
  name: "switchyard gateway on Node: why it cannot listen, in one line",
  ignore,
  async fn(t) {
    const dir = await Deno.makeTempDir();
    try {
      // Readable by nobody, who runs the privileged-port case as root.
      await Deno.chmod(dir, 0o755);
      await bundleCli(CLI, dir);
      await Deno.writeTextFile(`${dir}/bin.mjs`, ENTRY("./cli.mjs"));
      const gateway = (port: number, vars: Record<string, string> = {}) =>
        run(programPath("node"), {
          args: [`${dir}/bin.mjs`, "gateway", "--port", String(port)],
          cwd: dir,
          clearEnv: true,
          env: cleanEnv(vars),
        });

      // Bug: Node's EADDRINUSE not recognised: the line gives Node's raw
      // message instead of saying to set PORT.
      await t.step("a port in use: set PORT, status 2", async () => {
        const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
        try {
          const port = (taken.addr as Deno.NetAddr).port;
          const result = await gateway(port);
          assert.equal(result.code, 2, result.err);
          assert.equal(
            result.err.trim(),
            `switchyard: cannot listen on 127.0.0.1:${port}: the port is in use; set PORT to another port, or PORT=0 for a free one`,
          );
        } finally {
          taken.close();
        }
      });

      // Bug: the Deno-only permission check run on Node, where it fails
      // (no Deno global) as soon as a backend has a remote host.
      await t.step("a remote backend: the same port-in-use line", async () => {
        const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
        try {
          const port = (taken.addr as Deno.NetAddr).port;
          const result = await gateway(port, {
            OPENAI_API_KEY: "sk-test-0123456789abcdef",
          });
          assert.equal(result.code, 2, result.err);
          assert.equal(
            result.err.trim(),
            `switchyard: cannot listen on 127.0.0.1:${port}: the port is in use; set PORT to another port, or PORT=0 for a free one`,
          );
        } finally {
          taken.close();
        }
      });

      // Bug: Node's EACCES not recognised: a user starting it on a
      // privileged port is not told why or what to do.
      await t.step({
        name: "a privileged port: set a higher PORT, status 2",
        ignore: unprivilegedStart() < 2,
        async fn() {
          const port = unprivilegedStart() - 1;
          const result = await gateway(port, {
            AS_NOBODY: Deno.uid() === 0 ? "1" : "0",
          });
          assert.equal(result.code, 2, result.err);
          assert.equal(
            result.err.trim(),
            `switchyard: cannot listen on 127.0.0.1:${port}: the system refuses it (ports below 1024 need privileges); set PORT to a higher port`,
          );
        },
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

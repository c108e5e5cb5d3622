// A program that embeds the command, as `deno task start` and users of
// `./cli` do: runGateway in-process, then its own work after it returns.
// With EMBED_LINGER=1 it keeps running afterwards (a program with more to
// do), so a test can check that Ctrl-C still ends it.
import { runGateway } from "../../src/cli/mod.ts";

const status = await runGateway(Deno.args);
console.log(`runGateway returned ${status}`);
if (Deno.env.get("EMBED_LINGER") === "1") {
  setInterval(() => {}, 60_000);
  console.log("lingering");
}

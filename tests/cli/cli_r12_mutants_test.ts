// What the cli area's fresh draw of seed 20261165 left unguarded, checked
// in-process with the runtime double.
import assert from "node:assert/strict";
import { CONVERT_HELP, convertCommand } from "../../src/cli/convert.ts";
import { runtimeDouble } from "./_runtime_double.ts";
import { summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";

const CURL = "curl https://api.example/v1/items -H 'X-A: 1' -d 'a=1'";

/** The code targets the help lists under `--to`, in its order. */
function listedTargets(help: string): string[] {
  const lines = help.split("\n");
  const at = lines.findIndex((line) =>
    line.includes("java = java-http-client")
  );
  assert.notEqual(at, -1, "the help names the code targets' short names");
  return lines[at + 1].trim().split(/,\s*/);
}

// Bug (seed 20261165, `convert.ts:94`, a `!==` of the help's filter read as
// `===`): `switchyard convert --help` listed curl (or fetch) alone as the
// code targets, hiding python-requests, node-http and the rest.
Deno.test("switchyard convert --help lists every code target, each one --to accepts", async () => {
  const listed = listedTargets(CONVERT_HELP);
  for (
    const id of [
      "python-requests",
      "node-http",
      "go-net-http",
      "php-curl",
      "ruby-net-http",
      "java-http-client",
    ]
  ) {
    assert.ok(listed.includes(id), `${id} missing from ${listed}`);
  }
  // curl and fetch are formats of their own, named on the line above.
  assert.ok(
    !listed.includes("curl") && !listed.includes("fetch"),
    String(listed),
  );
  for (const id of listed) {
    const double = runtimeDouble({});
    assert.equal(
      await convertCommand(["--to", id, "--quiet", CURL], double.runtime),
      0,
      `${id}: ${double.out.join("\n")}`,
    );
    assert.match(double.out.join("\n"), /api\.example/, id);
  }
});

// Bug (found through seed 20261165's `_summary.ts:39`, `spec.baseURL ??`
// read as `||`): the older backends-only list took `baseURL: ""`, which the
// config refuses as no http(s) URL; the adapter then sent requests to a
// relative path while the summary could name the provider's own URL. It is
// refused now, naming the field, as an empty defaultModel already was.
Deno.test("switchyard gateway: a backends-only list with an empty baseURL is refused naming the field", async () => {
  const vars: Record<string, string> = {
    SWITCHYARD_CONFIG: "/srv/list.json",
    K1: "sk-one-1234567890",
  };
  const env = (name: string) => vars[name];
  const list = (baseURL?: string) => () =>
    JSON.stringify([
      { name: "g", provider: "groq", apiKey: "$K1", baseURL },
    ]);
  await assert.rejects(
    planGateway(env, list("")),
    (error: unknown) =>
      error instanceof Error &&
      /^\/srv\/list\.json\[0\]\.baseURL: expected a non-empty string$/.test(
        error.message,
      ),
  );
  const named = await planGateway(env, list("http://10.0.0.7:8080/v1"));
  const unnamed = await planGateway(env, list(undefined));
  const line = (plan: typeof named) =>
    summaryLines(plan, "/srv/list.json", undefined).find((text) =>
      text.startsWith("switchyard:   g:")
    );
  assert.equal(
    line(named),
    "switchyard:   g: groq at http://10.0.0.7:8080/v1; default model llama-3.3-70b-versatile",
  );
  assert.equal(
    line(unnamed),
    "switchyard:   g: groq at https://api.groq.com/openai/v1; default model llama-3.3-70b-versatile",
  );
});

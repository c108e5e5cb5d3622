// The startup summary never prints a secret a backend's URL carries: bugs
// planted by hand in `_summary.ts` (each line of `safeUrl` that strips one,
// dropped) that no test caught. An operator who puts a gateway's credentials
// in a base URL (`https://user:password@host/v1`, or a `?api-key=` an
// Azure-style or self-hosted endpoint takes) must not find them in the logs
// the summary goes to.
import assert from "node:assert/strict";
import { safeUrl, summaryLines } from "../../src/cli/_summary.ts";
import { planGateway } from "../../src/gateway/from_config.ts";

const SECRET = "pa55-0123456789";

// Bugs: `parsed.username = ""`, `parsed.password = ""` or
// `parsed.search = ""` dropped, each printing what it was there to strip.
Deno.test("switchyard gateway's summary: a backend's URL is printed without its user, password or query", async () => {
  const env: Record<string, string> = {
    SWITCHYARD_CONFIG: "/etc/gw.json",
    KEY: "sk-key-0123456789",
  };
  const urls = [
    `https://user-${SECRET}:${SECRET}@llm.example/v1?api-key=${SECRET}`,
    `http://[::1]:11434/v1?token=${SECRET}&b=2`,
    `HTTPS://${SECRET}@LLM.example:8443/openai/`,
  ];
  const printed = [];
  for (const baseURL of urls) {
    const plan = await planGateway((name) => env[name], () =>
      JSON.stringify({
        backends: [
          { name: "o", provider: "openai", apiKey: "$KEY", baseURL },
        ],
      }));
    const lines = summaryLines(plan, "/etc/gw.json", undefined);
    assert.doesNotMatch(lines.join("\n"), new RegExp(SECRET), baseURL);
    printed.push(lines.find((line) => line.startsWith("switchyard:   o:")));
  }
  assert.deepEqual(printed.map((line) => line?.split("; ")[0]), [
    "switchyard:   o: openai at https://llm.example/v1",
    "switchyard:   o: openai at http://[::1]:11434/v1",
    "switchyard:   o: openai at https://llm.example:8443/openai/",
  ]);
});

// Bug: the unparsable URL returned as it was written, secret and all.
Deno.test("safeUrl: a URL that does not parse is not printed at all", () => {
  assert.equal(safeUrl(`http://user:${SECRET}@[bad/v1`), "(invalid URL)");
  assert.equal(safeUrl(`llm.example/v1?key=${SECRET}`), "(invalid URL)");
});

// Bug (planted by hand: `startsWith(`${spec.name}/`)` → `startsWith(spec.name)`):
// a backend whose name begins another's (`gpt`, `gpt-eu`) was said to serve
// the other's models too, so the summary sent an operator to the wrong one.
Deno.test("switchyard gateway's summary: a backend named as the start of another lists only its own models", async () => {
  const env = (name: string) =>
    name === "SWITCHYARD_CONFIG" ? "/etc/gw.json" : undefined;
  const plan = await planGateway(env, () =>
    JSON.stringify({
      backends: [
        { name: "gpt", provider: "echo", models: ["m-1"] },
        { name: "gpt-eu", provider: "echo", models: ["m-2", "m-3"] },
      ],
    }));
  const lines = summaryLines(plan, "/etc/gw.json", undefined);
  const line = (name: string) =>
    lines.find((l) => l.startsWith(`switchyard:   ${name}:`)) ?? "";
  assert.match(line("gpt"), /; models m-1$/, lines.join("\n"));
  assert.match(line("gpt-eu"), /; models m-2, m-3$/, lines.join("\n"));
});

// A backtick command substitution is one shell expansion: the curl reader
// reports it with one SHELL_EXPANSION warning at its opening backtick, not
// one per backtick, whether it is unquoted or in double quotes, alone or
// beside another, in the first command of a script or a later one.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";

type Warning = { code: string; option?: string; offset?: number };

const expansions = (warnings: readonly Warning[]) =>
  warnings.filter((w) => w.code === "SHELL_EXPANSION").map((w) => [
    w.option,
    w.offset,
  ]);

describe("curl reader: backtick substitutions", () => {
  it("one warning per `…`, at its opening backtick, unquoted or in double quotes", () => {
    const cases: [string, [string, number][]][] = [
      ["curl https://x.test/`whoami`", [["`", 20]]],
      ['curl "https://x.test/`whoami`"', [["`", 21]]],
      // Two substitutions: two warnings, each at its own opening.
      ['curl https://x.test/`a` -H "x: `b`"', [["`", 20], ["`", 31]]],
      // Beside a $VAR, each expansion once, in the order written.
      ["curl https://x.test/$P/`id`", [["$", 20], ["`", 23]]],
      // Its closing backtick opens nothing: two pairs are two.
      ["curl https://x.test/`a``b`", [["`", 20], ["`", 23]]],
    ];
    for (const [command, expected] of cases) {
      const { request, warnings } = parseCurl(command);
      assert.deepEqual(expansions(warnings), expected, command);
      // Kept as written.
      assert.ok(request.url.includes("`"), request.url);
    }
  });

  it("an escaped or single-quoted backtick is no expansion at all", () => {
    for (
      const command of [
        "curl 'https://x.test/`id`'",
        'curl "https://x.test/\\`id\\`"',
        "curl https://x.test/\\`id\\`",
      ]
    ) {
      assert.deepEqual(expansions(parseCurl(command).warnings), [], command);
    }
  });

  it("each command of a script counts its own: the second command's substitution is one warning too", () => {
    const parsed = parseCommands(
      "curl https://a.test/`x`\ncurl https://b.test/`y`",
    );
    assert.deepEqual(parsed.map((p) => expansions(p.warnings)), [
      [["`", 20]],
      [["`", 44]],
    ]);
  });
});

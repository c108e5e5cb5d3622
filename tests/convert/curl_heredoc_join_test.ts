// With an unquoted delimiter, a here-document's line that ends in a
// backslash goes on on the next line: bash joins the two before it looks
// for the delimiter, so `a\` then `EOF` is the line `aEOF`, no end, and
// `E\` then `OF` is the delimiter. Inside `$(…)` the reader must find the
// body's end where bash does (else the substitution ends in the wrong
// place). `<<-` drops the tabs that start a line, and those of a line
// joined to it only while the line holds nothing yet, as bash strips them
// as it reads. Each case is compared with real bash: the
// words it hands to curl, or the stdin it gives curl.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { argvThroughBash, runBash } from "./_bash.ts";
import { assertLinear } from "../_complexity.ts";

describe("curl reader: a here-document's line joined by a backslash", () => {
  it("inside $(…), is one line when bash looks for the delimiter", async () => {
    for (
      const [command, fromBash] of [
        ['curl "$(cat <<EOF\na\\\nEOF\nEOF\n)" -s', ["aEOF", "-s"]],
        ['curl "$(cat <<EOF\nE\\\nOF\n)" -s', ["", "-s"]],
        // An even run of backslashes joins nothing; a quoted delimiter
        // joins nothing either.
        ['curl "$(cat <<EOF\na\\\\\nEOF\n)" -s', ["a\\", "-s"]],
        ["curl \"$(cat <<'EOF'\na\\\nEOF\n)\" -s", ["a\\", "-s"]],
        ['curl "$(cat <<-EOF\n\ta\\\n\tEOF\nEOF\n)" -s', ["a\tEOF", "-s"]],
        // A joined line's tabs stay once the line holds text: `E\tOF` is
        // no delimiter, so the `(` line after it is text, not a subshell.
        ['curl "$(cat <<-EOF\n\tE\\\n\tOF\n(\nEOF\n)" -s', ["E\tOF\n(", "-s"]],
        // The tabs after a join are dropped while the line is still empty:
        // this line is the delimiter (the next `EOF` runs as a command).
        ['curl "$(cat <<-EOF\n\t\\\n\tEOF\nEOF\n)" -s', ["", "-s"]],
        // A joined line that starts with the delimiter and holds a `)`
        // ends the body too (bash 5.2 in a `$(…)`), the rest read as
        // commands: the join may come after the delimiter or inside it.
        [
          'curl "$(cat <<EOF\nx\nEOF(printf %s \\\nl)\n)" -s',
          ["x\nl", "-s"],
        ],
        ['curl "$(cat <<EOF\nx\nEO\\\nF(printf y)\n)" -s', ["x\ny", "-s"]],
        ['curl "$(cat <<EOF\nx\nEOF(printf \\\n)\n)" -s', ["x", "-s"]],
      ] as const
    ) {
      const typed = command.slice(6, command.lastIndexOf('"'));
      assert.deepEqual(
        scanWords(command).words.map((word) => word.value),
        ["curl", typed, "-s"],
        command,
      );
      assert.deepEqual(
        await argvThroughBash("IFS=; set -f\n" + command),
        fromBash,
        command,
      );
    }
  });

  it("at the top level, <<- keeps the tabs of a joined line unless it is still empty, as bash does", async () => {
    for (
      const [doc, body] of [
        ["<<-EOF\n\ta\\\n\tb\n\tEOF", "a\tb\n"],
        ["<<-EOF\n\t\\\n\tb\n\tEOF", "b\n"],
      ]
    ) {
      const command = `curl --data-binary @- https://x.test/ ${doc}`;
      const { code, stdout, stderr } = await runBash(
        "curl() { cat; }\n" + command + "\n",
        { mode: "argument" },
      );
      assert.equal(code, 0, stderr);
      const fromBash = new TextDecoder().decode(stdout);
      assert.equal(fromBash, body, command);
      assert.equal(parseCurl(command).request.body, fromBash, command);
    }
  });

  it("inside $(…), reads a line joined many times in linear time", async () => {
    await assertLinear("joined here-document lines", 40_000, (n) => {
      const word = "$(cat <<EOF\n" + "a\\\n".repeat(n) + "\nEO\\\n".repeat(1) +
        "F(printf x)\n)";
      assert.equal(scanWords(`curl "${word}"`).words[1].value, word);
    });
  });
});

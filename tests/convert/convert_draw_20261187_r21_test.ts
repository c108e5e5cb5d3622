// What the convert draw 20261187 (round 21) led to: a here-document opened
// on the input's last line, with no line end after it, has an empty body,
// as bash runs it (with a warning), and the command is read. The drawn
// survivor (the end-of-input call inverted) left the here-document waiting
// for its body, so the command was never handed out and the input was
// NOT_CURL; every test ended such an input with a line end.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";
import { runBash } from "./_bash.ts";

describe("draw 20261187: a here-document on the input's last line", () => {
  it("has an empty body, and its command is read, as bash runs it", async () => {
    for (
      const [command, body] of [
        ["curl -d @- https://a.test/ <<EOF", ""],
        ["curl --data-binary @- https://a.test/ <<-'EOF'", ""],
        ["echo hi\ncurl --json @- https://a.test/ <<EOF", ""],
      ]
    ) {
      const parsed = parseCommands(command);
      assert.equal(parsed.length, 1, command);
      assert.equal(parsed[0].request.body, body, command);
      if (!command.startsWith("echo")) {
        assert.equal(parseCurl(command).request.body, body, command);
      }
      // bash runs curl with that body on its standard input (no line end
      // after the command: -c, not a script on stdin).
      const bash = await runBash(
        'curl() { printf "[%s]" "$(cat)"; }\n' + command,
        { mode: "argument" },
      );
      assert.equal(bash.code, 0, bash.stderr.toString());
      assert.ok(
        new TextDecoder().decode(bash.stdout).endsWith(`[${body}]`),
        command,
      );
    }
  });
});

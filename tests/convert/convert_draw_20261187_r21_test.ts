// What the convert draw 20261187 (round 21) led to: a here-document opened
// on the input's last line, with no line end after it, has an empty body,
// as bash runs it (with a warning), and the command is read. The drawn
// survivor (the end-of-input call inverted) left the here-document waiting
// for its body, so the command was never handed out and the input was
// NOT_CURL; every test ended such an input with a line end. Two more
// survivors: getByteSize (and every Content-Length the writers compute)
// counted U+0800 as two bytes, a boundary no test had; the Go target wrote
// a request's Content-Length as a header line, which net/http ignores (it
// writes the length of the body itself), so the wire tests saw nothing.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";
import { runBash } from "./_bash.ts";
import { generateCode } from "../../src/convert/code.ts";
import { getByteSize } from "../../src/convert/core.ts";
import { stringifyRequest } from "../../src/convert/string.ts";

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

describe("draw 20261187: U+0800 takes three bytes", () => {
  it("in getByteSize and in the Content-Length a raw request is given", async () => {
    for (const text of ["\u0800", "a\u0800b", "\u07ff\u0800"]) {
      const bytes = new TextEncoder().encode(text).length;
      assert.equal(getByteSize(text), bytes, JSON.stringify(text));
      const raw = await stringifyRequest({
        method: "POST",
        url: "https://a.test/",
        headers: {},
        body: text,
      });
      assert.match(raw, new RegExp(`content-length: ${bytes}\r\n`, "i"));
    }
  });
});

describe("draw 20261187: the Go target and Content-Length", () => {
  it("writes no Content-Length header line: net/http sends the body's length", () => {
    for (const name of ["Content-Length", "content-length"]) {
      const { code } = generateCode({
        method: "PUT",
        url: "https://a.test/put",
        headers: { [name]: "5", "content-type": "text/plain" },
        body: "é123",
      }, { target: "go-net-http" });
      assert.doesNotMatch(code, /content-length/i, code);
      assert.match(code, /req\.Header\.Set\("Content-Type", "text\/plain"\)/);
    }
  });
});

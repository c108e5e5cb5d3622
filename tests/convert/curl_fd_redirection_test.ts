// Digits (or `{name}`) written right before `<` or `>` name the file
// descriptor a redirection acts on (`2>&1`, `2>/dev/null`): bash passes curl
// no such word, so the reader must not take `2` for a second URL. Separated
// by a blank, or part of a longer word, they are curl's argument again.
// `>&`, `<&`, `>>`, `>|` and `<>` are one operator each: the `&` of
// `>& file` separates no command, so what follows stays the same command.
// Each case is compared with the words real bash hands to curl.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCommands, parseCurl } from "../../src/convert/curl.ts";
import { argvThroughBash, curlCallsThroughBash } from "./_bash.ts";

const URL = "https://x.example/";

describe("curl reader: a redirection's file descriptor", () => {
  it("is no word of curl's when it touches the < or >, as in bash", async () => {
    for (
      const redirection of [
        "2>&1",
        "2>/dev/null",
        "1>/dev/null",
        "0</dev/null",
        "2>>/dev/null",
        "{fd}>/dev/null",
        // A name past the 40 characters a message quotes of a word.
        `{fd${"_".repeat(40)}}>/dev/null`,
      ]
    ) {
      const command = `curl ${URL} ${redirection}`;
      assert.deepEqual(
        await argvThroughBash(command, { ownDescriptor: true }),
        [URL],
        command,
      );
      const parsed = parseCurl(command);
      assert.equal(parsed.request.url, URL);
      assert.deepEqual(
        parsed.warnings.map((warning) => warning.code),
        ["SHELL_OPERATOR"],
        command,
      );
    }
  });

  it("is curl's argument when a blank stands between, or it is part of a word", async () => {
    for (
      const [command, extra] of [
        [`curl ${URL} 2 >/dev/null`, "2"],
        [`curl ${URL} x2>/dev/null`, "x2"],
      ]
    ) {
      assert.deepEqual(
        await argvThroughBash(command, { ownDescriptor: true }),
        [URL, extra],
        command,
      );
      const codes = parseCurl(command).warnings.map((warning) => warning.code);
      assert.ok(codes.includes("EXTRA_URL"), command);
    }
  });

  it("is one operator with the & of >&: no second command starts there, as in bash", async () => {
    for (
      const redirection of [">&", "2>&1", ">>", ">|", "&>"]
    ) {
      // The file is named curl, so a reader that split the command there
      // would find a second curl command in `curl https://b.example/`.
      const command = `curl ${URL} ${redirection} curl https://b.example/`;
      // bash runs curl once; the words after the redirection are its own.
      const calls = await curlCallsThroughBash(command);
      assert.equal(calls, 1, command);
      assert.deepEqual(
        parseCommands(command).map((parsed) => parsed.request.url),
        [URL],
        command,
      );
    }
  });

  it("leaves the rest of a piped line to the next command", () => {
    const parsed = parseCurl(`curl -H 'a: b' ${URL} 2>&1 | jq .`);
    assert.equal(parsed.request.url, URL);
    assert.equal(parsed.request.headers.a, "b");
  });
});

// What the sixteenth round's third draw of convert (seed 20261172) and its
// second (20261171) showed no test checked:
// - parseCurl's refusal of a value that is no string names what it got, and
//   `null` as "null" (typeof says "object");
// - `-X ''` makes curl send a request line that starts with a blank (curl
//   7.88 on the wire: ` / HTTP/1.1`): it is refused, not turned into GET;
// - a `$(…)` read inside a `((` that bash then reads as two subshells is the
//   command's first word, so a `case` or `esac` after it is an argument;
// - the code around a pasted fetch() call: after a regular expression
//   literal without flags, reading goes on at the very next character, so a
//   string right after it is still skipped as a string;
// - createMockResponse without headers gives a response with none.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { parseCurl } from "../../src/convert/curl.ts";
import {
  createMockResponse,
  parseCode,
  type ResponseInput,
} from "../../src/convert/fetch.ts";
import { argvThroughBash } from "./_bash.ts";

describe("draw 20261172: parseCurl given no string", () => {
  it("names null as null and any other value by its type", () => {
    for (
      const [value, named] of [
        [null, "null"],
        [42, "number"],
        [undefined, "undefined"],
        [{}, "object"],
      ] as const
    ) {
      assert.throws(
        () => parseCurl(value as unknown as string),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_INPUT" &&
          error.message.endsWith(`got ${named}`),
        String(value),
      );
    }
  });
});

describe("draw 20261172: an empty -X", () => {
  it("is refused as the method curl would send, never replaced by GET or POST", () => {
    for (
      const command of [
        "curl -X '' https://example.com/",
        "curl --request '' -d a=b https://example.com/",
        "curl --request= https://example.com/",
        'curl -X "" -F f=1 https://example.com/',
      ]
    ) {
      assert.throws(
        () => parseCurl(command),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_REQUEST_LINE" &&
          error.message.includes('method ""') &&
          // At the option that gave it.
          error.offset === 5,
        command,
      );
    }
    // A method given is kept whatever the body says.
    assert.equal(
      parseCurl("curl -X PUT -d a=b https://example.com/").request.method,
      "PUT",
    );
  });
});

describe("draw 20261171: a $(…) re-read inside a (( that bash reads as subshells", () => {
  it("is a command's first word: a case or esac after it is an argument, as in bash", async () => {
    for (const word of ["case", "esac"]) {
      const data = `$( (($(echo echo) ${word}) ) )`;
      const command = `curl https://example.com/ -d ${data}`;
      // bash runs `echo <word>` in two nested subshells.
      assert.deepEqual(await argvThroughBash(command), [
        "https://example.com/",
        "-d",
        word,
      ]);
      assert.equal(parseCurl(command).request.body, data, word);
    }
  });
});

describe("draw 20261172: a regular expression in the code around fetch()", () => {
  it("ends at its closing slash when no flags follow, so the string after it stays a string", () => {
    for (
      const code of [
        `const pair = [/a/, "fetch('https://wrong.example/')"];\nfetch("https://right.example/");`,
        `x = /a/+"fetch('https://wrong.example/')"; fetch("https://right.example/")`,
        `const re = /a/gi, s = "fetch('https://wrong.example/')";\nfetch("https://right.example/")`,
      ]
    ) {
      assert.equal(parseCode(code).url, "https://right.example/", code);
    }
  });
});

describe("draw 20261172: createMockResponse without headers", () => {
  // The type asks for headers; a JavaScript caller (npm) may leave them out,
  // as it may the status text.
  it("answers with no header at all", async () => {
    const response = createMockResponse(
      { statusCode: 201, body: "made" } as unknown as ResponseInput,
    );
    assert.equal(response.status, 201);
    assert.deepEqual([...response.headers], []);
    assert.equal(await response.text(), "made");
    const empty = createMockResponse(
      { statusCode: 204 } as unknown as ResponseInput,
    );
    assert.deepEqual([...empty.headers], []);
  });
});

// What the convert draw 20261180 (round 20) led to:
// - inside `[[ … ]]` a `]]` right after an operator (`||`, `<`) is refused,
//   as bash refuses it (the drawn survivor: `frame.word` left set after an
//   operator, and no test had it; since round 21 the conditional's grammar
//   refuses it where a condition or an operand must come);
// - `-X ''`: reviewing the survivor `customMethod ?? …` (equivalent: the
//   empty method is refused when `-X` is read) showed no test compared the
//   refusal with curl. Real curl sends an empty method (the request line
//   ` /p HTTP/1.1`, checked on loopback), which no server reads as a
//   request; the reader refuses it naming the method.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { runBash } from "./_bash.ts";
import { onTheWire, SKIP_WITHOUT_CURL } from "./_curl_wire.ts";

describe("curl reader: an empty -X", () => {
  it("is refused naming the method, with or without a body", () => {
    for (const options of ["-X ''", "-X '' -d x", "--request '' -G"]) {
      assert.throws(
        () => parseCurl(`curl ${options} http://a.test/`),
        (error: unknown) =>
          error instanceof ConversionError &&
          error.code === "INVALID_REQUEST_LINE" &&
          /the method "" is not an HTTP token/.test(error.message),
        options,
      );
    }
  });

  it("is what the real curl sends as a request line no server reads", {
    skip: SKIP_WITHOUT_CURL,
  }, async () => {
    const { requests } = await onTheWire((origin) =>
      `curl -s -X '' ${origin}/p`
    );
    // The capture server reads the method as the text before the first
    // space: here none.
    assert.equal(requests.length, 1);
    assert.equal(requests[0].method, "");
    assert.equal(requests[0].target, "/p");
  });
});

describe("curl reader: a ]] right after an operator in [[ … ]]", () => {
  it("is refused where a condition or an operand must come, as bash refuses it", async () => {
    for (const command of ["curl $([[ a||]] ]])", "curl $([[ a <]] ]])"]) {
      assert.throws(
        () => scanWords(command),
        (error: unknown) =>
          error instanceof ConversionError && error.code === "INVALID_INPUT" &&
          error.offset === 13 && error.message.includes("]]"),
        command,
      );
      const bash = await runBash("set -n\n" + command + "\n");
      assert.notEqual(bash.code, 0, command);
    }
  });
});

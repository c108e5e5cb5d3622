// What the second draw of this round (seed 20261178, after the tests of
// draw 20261177) showed no test checked: a failed fetch's error chain is read
// once per error, so the message's detail is the innermost error's words
// even when the chain loops back (an error whose cause is an outer one) or
// names one error twice (an AggregateError listing an attempt again).
// Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { failingWith } from "./_fetch_failure.ts";

/** Errors with these messages, each the cause of the one before. */
function chain(...messages: string[]): Error[] {
  const errors = messages.map((message) => new Error(message));
  errors.forEach((error, index) => {
    if (index > 0) errors[index - 1].cause = error;
  });
  return errors;
}

describe("draw 20261178: a failed fetch's error chain, read once", () => {
  it("a cause chain that loops back to its first error: the detail is the innermost error's words", async () => {
    for (const length of [2, 3, 4, 5]) {
      const messages = Array.from({ length }, (_, i) => `layer ${i + 1}`);
      const errors = chain(...messages);
      errors[errors.length - 1].cause = errors[0];
      const error = await failingWith(errors[0]);
      assert.equal(error.details?.cause, "other", `${length}`);
      assert.match(
        error.message,
        new RegExp(`: layer ${length}$`),
        `${length}: ${error.message}`,
      );
    }
  });

  it("an AggregateError that lists one attempt twice: the detail is the last distinct attempt's words", async () => {
    const [first] = chain("first attempt");
    const [second] = chain("second attempt");
    const error = await failingWith(
      new AggregateError([first, second, first], ""),
    );
    assert.equal(error.details?.cause, "other");
    assert.match(error.message, /: second attempt$/, error.message);
  });
});

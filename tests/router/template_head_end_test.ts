// Where a template's head ends: at a line that is empty but for spaces and
// tabs, as in HTTP (what indentation leaves counts as empty). A line of
// U+00A0 (or another Unicode space) once ended the head too, so the header
// lines after it went out as the body; it is now a header line, refused.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createResponse, RouteError } from "../../src/router/mod.ts";

describe("a template's head ends at a line of only spaces and tabs", () => {
  it("a line of U+00A0 is no blank line: the template is refused, naming it", async () => {
    // The spaces are the template's own text, as an editor would leave them
    // (a substitution is never blank).
    const templates = [
      () =>
        createResponse`HTTP/1.1 200 OK
content-type: text/plain
\u00a0
x-late: 1

hello`,
      () =>
        createResponse`HTTP/1.1 200 OK
\u2003\u3000
x-late: 1

hello`,
      () =>
        createResponse`
          HTTP/1.1 200 OK
          x-first: 1
          \t\u00a0
          x-late: 1

          hello
        `,
    ];
    for (const [index, template] of templates.entries()) {
      await assert.rejects(
        async () => await template(),
        (error: unknown) =>
          error instanceof RouteError && error.code === "INVALID_TEMPLATE" &&
          error.message.includes("Invalid header line"),
        `template ${index}`,
      );
    }
  });

  it("indentation left on the blank line, tabs, and a CR still end the head", async () => {
    const indented = await createResponse`
      HTTP/1.1 200 OK
      x-first: 1
        \t
      body line
    `;
    assert.equal(indented.headers.get("x-first"), "1");
    assert.equal(await indented.text(), "body line");
    const crlf = await createResponse`HTTP/1.1 201 Created\r
x-first: 2\r
\t\r
made`;
    assert.equal(crlf.status, 201);
    assert.equal(crlf.headers.get("x-first"), "2");
    assert.equal(await crlf.text(), "made");
  });
});

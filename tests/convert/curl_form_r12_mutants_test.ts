// Tests for the curl -F reader's survivors of the eleventh round's hand
// planting: the part parameters it knows after a type=, each asserting what
// a user of parseCurl relies on.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl } from "../../src/convert/curl.ts";

const BOUNDARY = "------------------------switchyard";

function onlyPart(head: string, value: string): string {
  return `--${BOUNDARY}\r\n${head}\r\n${value}\r\n--${BOUNDARY}--\r\n`;
}

describe("curl -F: a known parameter after type=", () => {
  it("ends the content type: filename= names the file, headers= and encoder= are warned about", () => {
    const filename = parseCurl(
      "curl -F 'f=@a.txt;type=text/plain;filename=b.txt' https://e.x/",
    );
    assert.equal(
      filename.request.body,
      onlyPart(
        'Content-Disposition: form-data; name="f"; filename="b.txt"\r\n' +
          "Content-Type: text/plain\r\n",
        "@a.txt",
      ),
    );
    for (const param of ["headers=X-A: 1", "encoder=base64"]) {
      const parsed = parseCurl(
        `curl -F 'f=x;type=text/plain;${param}' https://e.x/`,
      );
      assert.equal(
        parsed.request.body,
        onlyPart(
          'Content-Disposition: form-data; name="f"\r\n' +
            "Content-Type: text/plain\r\n",
          "x",
        ),
        param,
      );
      assert.deepEqual(
        parsed.warnings.map((w) => [w.code, w.message]),
        [[
          "UNSUPPORTED_OPTION",
          `Form parameter ${JSON.stringify(param)} is not applied`,
        ]],
      );
    }
  });

  it("a second type= replaces the first, in any letter case", () => {
    for (
      const second of ["type=image/png", "TYPE=image/png", " Type =image/png"]
    ) {
      const parsed = parseCurl(
        `curl -F 'f=x;type=text/plain;${second}' https://e.x/`,
      );
      assert.ok(
        (parsed.request.body as string).includes(
          "\r\nContent-Type: image/png\r\n",
        ),
        second,
      );
    }
  });
});

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

  it("a second type= right after the first is part of it, as curl 7.88 sends it; after another parameter it replaces it", () => {
    const typeOf = (arg: string) => {
      const body = parseCurl(`curl -F '${arg}' https://e.x/`).request
        .body as string;
      return /\r\nContent-Type: ([^\r]*)\r\n/.exec(body)?.[1];
    };
    for (
      const [second, type] of [
        ["type=image/png", "text/plain;type=image/png"],
        ["TYPE=image/png", "text/plain;TYPE=image/png"],
        [" Type =image/png", "text/plain; Type =image/png"],
      ]
    ) {
      assert.equal(typeOf(`f=x;type=text/plain;${second}`), type, second);
    }
    for (const second of ["type=image/png", "TYPE=image/png"]) {
      assert.equal(
        typeOf(`f=x;type=text/plain;filename=a;${second}`),
        "image/png",
        second,
      );
    }
    // `Type =` (a blank before `=`) is no parameter at all.
    assert.equal(typeOf("f=x; Type =image/png"), undefined);
  });
});

describe("curl -F: the parameters around type=", () => {
  it("appends what curl does not know after type= to it, and warns about the rest", () => {
    const cases: [string, string | undefined, string[]][] = [
      // Unknown before any type=: warned, and no content type.
      ["f=x;foo=bar", undefined, ['Form parameter "foo=bar" is not applied']],
      // After type=: the content type's own parameters, blanks kept.
      [
        "f=x;type=text/plain; charset=utf-8;format=flowed",
        "text/plain; charset=utf-8;format=flowed",
        [],
      ],
      // A known one ends the type; what follows it is warned about.
      ["f=x;type=text/plain;filename=q.txt;z=1", "text/plain", [
        'Form parameter "z=1" is not applied',
      ]],
    ];
    for (const [part, type, warnings] of cases) {
      const parsed = parseCurl(`curl -F '${part}' https://e.x/`);
      const body = parsed.request.body as string;
      const match = /\r\nContent-Type: ([^\r]*)\r\n/.exec(body);
      assert.equal(match?.[1], type, part);
      assert.deepEqual(parsed.warnings.map((w) => w.message), warnings, part);
    }
  });

  it("types a file part by its extension in any letter case, else as octet-stream, and warns that the file is not read", () => {
    const parsed = parseCurl(
      "curl -F 'f=@dir/A.PNG' -F 'g=@x.unknown' -F 'h=@dir/a.bin;filename= b.txt ' " +
        "-F 'i=@a.constructor' -F 'j=@b.__proto__' https://e.x/",
    );
    const body = parsed.request.body as string;
    for (
      const head of [
        'name="f"; filename="A.PNG"\r\nContent-Type: image/png\r\n',
        'name="g"; filename="x.unknown"\r\nContent-Type: application/octet-stream\r\n',
        'name="h"; filename="b.txt"\r\nContent-Type: text/plain\r\n',
        // Names Object.prototype holds are no known extension either.
        'name="i"; filename="a.constructor"\r\nContent-Type: application/octet-stream\r\n',
        'name="j"; filename="b.__proto__"\r\nContent-Type: application/octet-stream\r\n',
      ]
    ) {
      assert.ok(body.includes(head), head);
    }
    assert.deepEqual(
      parsed.warnings.map((w) => [w.code, w.message]),
      [
        "@dir/A.PNG",
        "@x.unknown",
        "@dir/a.bin",
        "@a.constructor",
        "@b.__proto__",
      ]
        .map((file) => [
          "FILE_REFERENCE",
          `-F ${
            JSON.stringify(file)
          } uploads a file, which is never read; the part holds the reference`,
        ]),
    );
  });
});

describe("curl -F: double quotes", () => {
  it("hold a value's ; and an escaped quote, and a filename's, as curl 7.88 sends them", () => {
    // Each expected part compared by hand with what curl 7.88 sent.
    const value = parseCurl(
      `curl -F 'f= "a\\"b;c" ;type=text/plain' https://e.x/`,
    );
    assert.equal(
      value.request.body,
      onlyPart(
        'Content-Disposition: form-data; name="f"\r\nContent-Type: text/plain\r\n',
        'a"b;c',
      ),
    );
    const file = parseCurl(
      `curl -F 'f=@a.bin;filename="b \\"c\\".txt"' https://e.x/`,
    );
    assert.ok(
      (file.request.body as string).includes(
        'name="f"; filename="b %22c%22.txt"\r\nContent-Type: text/plain\r\n',
      ),
    );
    const type = parseCurl(
      `curl -F 'f=x;type=text/plain;charset="a;b\\";c";format=flowed' https://e.x/`,
    );
    assert.ok(
      (type.request.body as string).includes(
        '\r\nContent-Type: text/plain;charset="a;b\\";c";format=flowed\r\n',
      ),
    );
  });
});

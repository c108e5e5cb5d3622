// A -F part's filename and type as curl 7.88 sends them (checked on the
// wire below): a part whose text is read (`<file`, `<-`) goes without a
// filename, even one given, and keeps a given type; a text part given a
// filename is typed by the filename's extension, as a file part is, and
// an unknown extension gives no type.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { parseCurl, toRequests } from "../../src/convert/curl.ts";
import {
  assertSameRequest,
  onTheWire,
  SKIP_WITHOUT_CURL,
} from "./_curl_wire.ts";

/** The head lines of the one part `-F arg` makes. */
function partHead(arg: string, stdin = ""): string[] {
  const body = String(
    parseCurl(`curl -F '${arg}' https://x.test/${stdin}`)
      .request.body,
  );
  const part = body.slice(body.indexOf("\r\n") + 2, body.indexOf("\r\n\r\n"));
  return part.split("\r\n");
}

describe("curl reader: a -F part's filename and type, as curl sends them", () => {
  it("a part whose text is read has no filename, given or not, and keeps a given type", () => {
    assert.deepEqual(partHead("a=<f.txt;filename=g.txt"), [
      'Content-Disposition: form-data; name="a"',
    ]);
    assert.deepEqual(partHead("a=<-;filename=g.txt", " <<< hi"), [
      'Content-Disposition: form-data; name="a"',
    ]);
    assert.deepEqual(partHead("a=<f.txt;type=x/y;filename=g.txt"), [
      'Content-Disposition: form-data; name="a"',
      "Content-Type: x/y",
    ]);
  });

  it("a text part given a filename is typed by its extension, in any case; an unknown one gives no type", () => {
    assert.deepEqual(partHead("a=v;filename=f.txt"), [
      'Content-Disposition: form-data; name="a"; filename="f.txt"',
      "Content-Type: text/plain",
    ]);
    assert.deepEqual(
      partHead("a=v;filename=P.PNG")[1],
      "Content-Type: image/png",
    );
    assert.deepEqual(partHead("a=v;filename=x.bin"), [
      'Content-Disposition: form-data; name="a"; filename="x.bin"',
    ]);
    assert.deepEqual(
      partHead("a=v;type=x/y;filename=f.txt")[1],
      "Content-Type: x/y",
    );
    // A file part keeps its own default.
    assert.deepEqual(
      partHead("a=@f.bin")[1],
      "Content-Type: application/octet-stream",
    );
  });
});

describe("curl reader: the real curl sends those parts so", {
  skip: SKIP_WITHOUT_CURL,
}, () => {
  it("<file and <- with a filename, a text part with one, known and unknown extensions", async () => {
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/f.txt`, "file text\n");
      const parts = [
        `a=<${dir}/f.txt;filename=g.txt`,
        `a=<${dir}/f.txt;type=x/y;filename=g.txt`,
        "a=v;filename=f.txt",
        "a=v;filename=P.PNG",
        "a=v;filename=x.bin",
        "a=v;type=x/y;filename=f.txt",
      ];
      for (const part of parts) {
        const script = (o: string) => `curl -s -F '${part}' ${o}/f`;
        const { requests: [wire], stderr, origin } = await onTheWire(script);
        assert.ok(wire, stderr);
        const [ours] = toRequests(script(origin));
        // The file is never read here: its text is the reference `<path`.
        if (part.includes("<")) {
          ours.body = String(ours.body).replace(`<${dir}/f.txt`, "file text\n");
        }
        assertSameRequest(ours, wire, part);
      }
      const script = (o: string) =>
        `curl -s -F 'a=<-;filename=g.txt' ${o}/s <<< hi`;
      const { requests: [wire], stderr, origin } = await onTheWire(script);
      assert.ok(wire, stderr);
      assertSameRequest(toRequests(script(origin))[0], wire, "<-");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

// What the convert draw 20261179 (round 20) found untested:
// - inside `[[ … ]]` a `]]` or `#` in the middle of a word is part of the
//   word (bash closes the test only at a `]]` word, and starts a comment
//   only at a word's start);
// - a pasted CRLF line end right after a reserved word that closes a
//   compound command (`fi`, `done`, `}`, `esac`) inside `$(…)` ends the
//   word as the LF does (the reader reads a pasted CRLF command as bash
//   reads its LF form);
// - allFormats hands the fetch options to the fetch code target, as it does
//   the curl options to the curl target, and no other target gets them;
// - stringifyRequest keeps a `+` in a URL's credentials a plus sign, as the
//   curl reader does and as curl sends it.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { allFormats } from "../../src/convert/all_formats.ts";
import { stringifyRequest } from "../../src/convert/string.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { assertAllReadAsBash } from "./_bash_syntax.ts";

describe("curl reader: a word inside [[ … ]]", () => {
  it("holds a ]] or # in its middle, as bash reads it", async () => {
    await assertAllReadAsBash([
      "curl $([[ a]] ]] && echo)",
      "curl $([[ x]]y ]])",
      "curl $([[ a#b == a#b ]])",
      "curl $([[ a ]] && [[ b#]] ]])",
    ]);
  });
});

describe("curl reader: a pasted CRLF inside $(…)", () => {
  it("ends a reserved word that closes a compound command, as the LF form bash reads", async () => {
    const lf = [
      "curl $(if true; then echo x; fi\n)",
      "curl $(for a in b; do echo; done\n)",
      "curl $(while false; do :; done\necho)",
      "curl $(case a in a) echo;; esac\n)",
      "curl $({ echo; }\n)",
      "curl $(f() { :; }\n)",
    ];
    await assertAllReadAsBash(lf);
    for (const command of lf) {
      const crlf = command.replaceAll("\n", "\r\n");
      assert.deepEqual(
        scanWords(crlf).words.map((word) => word.value),
        ["curl", crlf.slice(5)],
        JSON.stringify(crlf),
      );
    }
  });
});

describe("allFormats: each tool's options", () => {
  it("reach that tool's code target, and no other target", async () => {
    const request = {
      method: "POST",
      url: "https://a.test/x",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    };
    const plain = await allFormats(request);
    for (
      const options of [
        { fetch: { pretty: false, async: true } },
        { fetch: { async: true }, curl: { pretty: true } },
        { curl: { pretty: true } },
      ]
    ) {
      const formats = await allFormats(request, options);
      assert.equal(formats.code.fetch, formats.fetchCode, "fetch");
      assert.equal(formats.code.curl, formats.curl, "curl");
      for (const [id, code] of Object.entries(formats.code)) {
        if (id === "fetch" || id === "curl") continue;
        assert.equal(code, plain.code[id], id);
      }
    }
    // The options do change what the two write.
    const changed = await allFormats(request, {
      fetch: { pretty: false, async: true },
    });
    assert.notEqual(changed.code.fetch, plain.code.fetch);
  });
});

describe("stringifyRequest: credentials in the URL", () => {
  it("keep a + as a plus sign, as curl sends them", async () => {
    const text = await stringifyRequest({
      method: "GET",
      url: "http://us+er:pa%2Bss+x@127.0.0.1:8080/p",
      headers: {},
    });
    assert.match(
      text,
      new RegExp(
        `\\r\\nauthorization: Basic ${btoa("us+er:pa+ss+x")}\\r\\n`,
        "i",
      ),
    );
  });
});

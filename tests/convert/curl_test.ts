import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { assertLinear } from "../_complexity.ts";
import { readdirSync, readFileSync } from "node:fs";
import {
  ConversionError,
  fromRequest,
  parseCommands,
  parseCurl,
  toFetchCode,
  toRequest,
  toRequests,
} from "../../src/convert/curl.ts";
import type { HttpRequest } from "../../src/convert/curl.ts";

function rejects(
  command: string,
  code: string,
  offset?: number,
): ConversionError {
  let caught: unknown;
  try {
    toRequest(command);
  } catch (error) {
    caught = error;
  }
  assert.ok(
    caught instanceof ConversionError,
    `expected a ConversionError for ${JSON.stringify(command.slice(0, 60))}`,
  );
  assert.equal(caught.code, code);
  if (offset !== undefined) assert.equal(caught.offset, offset);
  return caught;
}

describe("curl.toRequest: shell words", () => {
  it("reads single, double and adjacent quotes", () => {
    const r = toRequest(`curl 'https://x.test/a'"b"c -H 'a: '"x y"`);
    assert.equal(r.url, "https://x.test/abc");
    assert.equal(r.headers.a, "x y");
  });

  it("keeps the browser '\\'' apostrophe", () => {
    const r = toRequest(
      `curl https://x.test --data-raw '{"name":"O'\\''Brien"}'`,
    );
    assert.equal(r.body, `{"name":"O'Brien"}`);
  });

  it('double quotes escape only \\\\ \\" \\$ \\` and newline', () => {
    const r = toRequest('curl https://x.test -d "a\\\\b\\"c\\$d\\`e\\nf\\\nG"');
    assert.equal(r.body, 'a\\b"c$d`e\\nfG');
  });

  it("decodes $'…' ANSI-C escapes", () => {
    const r = toRequest(
      "curl https://x.test -d $'\\n\\t\\r\\\\\\'\\\"\\a\\b\\e\\f\\v|\\x41\\101\\u00e9\\U0001F600\\cA\\xc3\\xa9\\q'",
    );
    assert.equal(r.body, "\n\t\r\\'\"\x07\b\x1b\f\v|AAé😀\x01é\\q");
  });

  it("rejects $'\\xff' (not UTF-8) and NUL with INVALID_ESCAPE at the escape", () => {
    rejects("curl https://x.test -d $'ab\\xff'", "INVALID_ESCAPE", 27);
    rejects("curl https://x.test -d $'\\0'", "INVALID_ESCAPE", 25);
    rejects("curl https://x.test -d $'\\x00'", "INVALID_ESCAPE", 25);
    rejects("curl https://x.test -d $'\\ud800'", "INVALID_ESCAPE", 25);
    rejects("curl https://x.test -d $'\\U00110000'", "INVALID_ESCAPE", 25);
  });

  it("joins backslash-newline continuations, LF and CRLF", () => {
    const lf = toRequest("curl 'https://x.test/' \\\n  -H 'a: 1' \\\n  -X PUT");
    const crlf = toRequest(
      "curl 'https://x.test/' \\\r\n  -H 'a: 1' \\\r\n  -X PUT\r\n",
    );
    assert.deepEqual(crlf, lf);
    assert.equal(lf.method, "PUT");
  });

  it("keeps a lone backslash at the very end as bash -c does (a \\ word)", () => {
    // `bash -c 'curl URL \\'` hands curl a last argument "\\": a second URL.
    const { request, warnings } = parseCurl(
      "curl 'https://x.test/' \\\n  -H 'a: 1' \\",
    );
    assert.deepEqual(request.headers, { a: "1" });
    assert.deepEqual(
      warnings.map((w) => [w.code, w.option]),
      [["EXTRA_URL", "\\"]],
    );
    // An option whose value is the lone backslash gets it, as curl does.
    assert.deepEqual(
      parseCurl("curl https://x.test/ -H \\").warnings.map((w) => w.code),
      ["INVALID_HEADER"],
    );
    // Escaped characters and quoted backslashes are unchanged.
    assert.equal(toRequest("curl https://x.test/ -d 'a\\'").body, "a\\");
    assert.equal(toRequest("curl https://x.test/ -d a\\\\").body, "a\\");
  });

  it("refuses Windows cmd and PowerShell copies with a clear error", () => {
    // Chrome's "Copy as cURL (cmd)": read as bash this gave the URL
    // http://^https://x.test/^ and a header named ^accept.
    const cmd =
      'curl ^"https://x.test/^" ^\r\n  -H ^"accept: */*^" ^\r\n  --compressed';
    const error = rejects(cmd, "INVALID_INPUT", 5);
    assert.match(error.message, /Windows cmd/);
    rejects("curl https://x.test/ ^\n  -H 'a: 1'", "INVALID_INPUT", 21);
    const ps = rejects(
      "curl https://x.test/ `\n  -H 'a: 1'",
      "INVALID_INPUT",
      21,
    );
    assert.match(ps.message, /PowerShell/);
    // A ^ or backtick elsewhere is ordinary text.
    assert.equal(toRequest("curl 'https://x.test/?q=^\"' -d ^a").body, "^a");
    assert.equal(toRequest("curl https://x.test/ -d '`\n'").body, "`\n");
  });

  it("unescapes backslashes outside quotes", () => {
    assert.equal(
      toRequest("curl https://x.test/a\\(b\\)\\&c").url,
      "https://x.test/a(b)&c",
    );
  });

  it("skips a copied `$ ` prompt and accepts paths to curl", () => {
    assert.equal(toRequest("$ curl x.test").url, "http://x.test/");
    assert.equal(toRequest("/usr/bin/curl x.test").url, "http://x.test/");
    assert.equal(toRequest("curl.exe x.test").url, "http://x.test/");
  });

  it("stops at an unquoted shell operator and warns", () => {
    const { request, warnings } = parseCurl(
      "curl https://x.test/?a=1&b=2 | jq .",
    );
    assert.equal(request.url, "https://x.test/?a=1");
    assert.deepEqual(
      warnings.map((w) => w.code),
      ["SHELL_OPERATOR", "EXTRA_URL"].slice(0, 1),
    );
  });

  it("keeps $VAR and $(…) literally with a warning", () => {
    const { request, warnings } = parseCurl(
      'curl https://x.test -H "authorization: Bearer $TOKEN"',
    );
    assert.equal(request.headers.authorization, "Bearer $TOKEN");
    assert.equal(warnings[0].code, "SHELL_EXPANSION");
    assert.equal(warnings[0].offset, 46);
  });

  it("an unquoted newline ends the command: toRequest converts the first and warns", () => {
    const { request, warnings } = parseCurl(
      "curl http://a.test/one\ncurl -X DELETE http://a.test/two",
    );
    assert.equal(`${request.method} ${request.url}`, "GET http://a.test/one");
    assert.deepEqual(
      warnings.map((w) => [w.code, w.option, w.offset]),
      [["MORE_COMMANDS", "curl", 23]],
    );
    // A stray option line is not merged into the command above it.
    const stray = parseCurl("curl http://a.test/\r\n-H 'X-Next: line'");
    assert.deepEqual(stray.request.headers, {});
    assert.equal(stray.warnings[0].code, "MORE_COMMANDS");
    // Blank lines and comments after the command are no command.
    assert.deepEqual(parseCurl("curl a.test\n\n# done\n").warnings, []);
    // MISSING_URL points at the end of the first command.
    rejects("curl -s\ncurl a.test", "MISSING_URL", 7);
  });

  it("parseCommands / toRequests read every curl command of a script", () => {
    const script = "# list, then add\n$ curl -s http://a.test/list | jq .\n" +
      "curl -d x=1 http://a.test/add && curl -I http://a.test/head\n";
    assert.deepEqual(
      toRequests(script).map((r) => `${r.method} ${r.url}`),
      [
        "GET http://a.test/list",
        "POST http://a.test/add",
        "HEAD http://a.test/head",
      ],
    );
    const parsed = parseCommands(script);
    assert.equal(parsed[0].warnings[0].code, "SHELL_OPERATOR");
    assert.throws(
      () => parseCommands("echo hi\njq ."),
      (e) => e instanceof ConversionError && e.code === "NOT_CURL",
    );
    assert.throws(
      () => parseCommands("curl a.test\ncurl 'b.test"),
      (e) =>
        e instanceof ConversionError && e.code === "UNTERMINATED_QUOTE" &&
        e.offset === 17,
    );
  });

  it("keeps a word-initial ~ but warns that bash would expand it", () => {
    const { request, warnings } = parseCurl(
      "curl http://a.test/ -d ~/x -d '~' -d a~",
    );
    assert.equal(request.body, "~/x&~&a~");
    assert.deepEqual(
      warnings.map((w) => [w.code, w.option, w.offset]),
      [["SHELL_EXPANSION", "~", 23]],
    );
  });

  it("ignores comments", () => {
    assert.equal(toRequest("curl x.test # -X DELETE").method, "GET");
  });
});

describe("curl.toRequest: errors", () => {
  it("empty and blank input", () => {
    rejects("", "EMPTY_INPUT", 0);
    rejects(" \n\t ", "EMPTY_INPUT", 0);
  });

  it("non-string input", () => {
    assert.throws(
      () => toRequest(42 as unknown as string),
      (e: unknown) =>
        e instanceof ConversionError && e.code === "INVALID_INPUT",
    );
    assert.throws(
      () => toRequest(null as unknown as string),
      (e: unknown) =>
        e instanceof ConversionError && e.code === "INVALID_INPUT",
    );
  });

  it("not curl: offset of the first word", () => {
    rejects("wget https://x.test", "NOT_CURL", 0);
    rejects("   http https://x.test", "NOT_CURL", 3);
    rejects("GET / HTTP/1.1", "NOT_CURL", 0);
    rejects("| curl x", "NOT_CURL", 0);
  });

  it("unterminated quotes: offset of the opening quote", () => {
    rejects("curl 'https://x.test", "UNTERMINATED_QUOTE", 5);
    rejects('curl https://x.test -d "abc', "UNTERMINATED_QUOTE", 23);
    rejects("curl https://x.test -d $'abc", "UNTERMINATED_QUOTE", 23);
    rejects("curl https://x.test -d $'abc\\", "UNTERMINATED_QUOTE", 23);
    rejects("'", "UNTERMINATED_QUOTE", 0);
    rejects('"', "UNTERMINATED_QUOTE", 0);
  });

  it("missing option value: offset of the option", () => {
    rejects("curl https://x.test -H", "MISSING_OPTION_VALUE", 20);
    rejects("curl https://x.test -sX", "MISSING_OPTION_VALUE", 20);
    rejects("curl https://x.test --data", "MISSING_OPTION_VALUE", 20);
  });

  it("missing or invalid URL", () => {
    rejects("curl -s", "MISSING_URL", 7);
    rejects("curl", "MISSING_URL", 4);
    rejects("curl ''", "INVALID_URL", 5);
    rejects("curl $'https://x.test/\\n'", "INVALID_URL", 5);
    rejects("curl http://", "INVALID_URL", 5);
  });

  it("conflicting options curl refuses", () => {
    rejects("curl x.test -d a -F b=c", "INVALID_OPTION", 17);
    rejects("curl x.test -I -d a", "INVALID_OPTION", 12);
    rejects("curl x.test -F nonsense", "INVALID_OPTION", 12);
    // -T is PUT: curl allows one request method only.
    rejects("curl x.test -T f -d a", "INVALID_OPTION", 12);
    rejects("curl x.test -T f -F a=1", "INVALID_OPTION", 12);
    rejects("curl x.test -I -T f", "INVALID_OPTION", 15);
    assert.equal(
      toRequest("curl x.test -T f -G -d a").url,
      "http://x.test/f?a",
    );
  });

  it("a lone surrogate where it must be URL-encoded is INVALID_INPUT at its option", () => {
    rejects("curl x.test --data-urlencode \uD800", "INVALID_INPUT", 12);
    rejects("curl x.test --url-query q=\uDC00", "INVALID_INPUT", 12);
    rejects("curl -T \uD800 x.test/up/", "INVALID_INPUT", 5);
  });

  it("binary junk, lone quotes and huge input never hang and throw only ConversionError", () => {
    const junk: string[] = [
      "\0\x01\x02",
      "\uFFFD\uD800",
      "curl \uD800",
      "'\"$'",
      "curl \\",
      "$",
      "$'",
    ];
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      let s = n % 2 === 0 ? "curl " : "";
      for (let k = 0; k < 40; k++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        s += String.fromCharCode(seed % 0x80);
      }
      junk.push(s);
    }
    for (const input of junk) {
      try {
        toRequest(input);
      } catch (error) {
        assert.ok(
          error instanceof ConversionError,
          `non-ConversionError for ${JSON.stringify(input)}: ${error}`,
        );
      }
    }
  });

  it("10,000 --url-query options are read in linear time", async () => {
    await assertLinear("--url-query options", 10_000, (count) => {
      const url =
        toRequest("curl x.test " + "--url-query a ".repeat(count)).url;
      assert.equal(url, "http://x.test/?" + Array(count).fill("a").join("&"));
    });
  });

  it("a 1 MB header is read in linear time", async () => {
    await assertLinear("a long quoted header", 1 << 20, (size) => {
      const value = "v".repeat(size);
      const r = toRequest(
        `curl https://x.test -H 'x-big: ${value}' -H "x-big2: ${value}"`,
      );
      assert.equal((r.headers["x-big"] as string).length, size);
      assert.equal((r.headers["x-big2"] as string).length, size);
    });
  });
});

describe("curl.toRequest: options", () => {
  it("clustered short options and attached values", () => {
    assert.equal(toRequest("curl -XPOST x.test").method, "POST");
    assert.equal(toRequest("curl -sXPOST x.test").method, "POST");
    assert.equal(toRequest("curl -sX PATCH x.test").method, "PATCH");
    const { request, warnings } = parseCurl("curl -sSLk x.test");
    assert.equal(request.method, "GET");
    assert.deepEqual(warnings.map((w) => w.option), ["-s", "-S", "-L", "-k"]);
    assert.equal(toRequest("curl -d@file x.test").body, "@file");
  });

  it("--opt=value, --no- booleans, prefixes and --", () => {
    assert.equal(toRequest("curl --request=DELETE x.test").method, "DELETE");
    assert.equal(toRequest("curl -G --no-get -d a=1 x.test").method, "POST");
    assert.equal(
      toRequest("curl --refer https://r.test/ x.test").headers.referer,
      "https://r.test/",
    );
    // An ambiguous prefix (--request, --request-target) is unknown, as in curl.
    assert.equal(
      parseCurl("curl --req x.test").warnings[0].code,
      "UNKNOWN_OPTION",
    );
    assert.equal(
      toRequest("curl -s -- -weird.test").url,
      "http://-weird.test/",
    );
  });

  it("an unknown option never swallows the URL", () => {
    const { request, warnings } = parseCurl(
      "curl --frobnicate https://x.test/ -W",
    );
    assert.equal(request.url, "https://x.test/");
    assert.equal(warnings[0].code, "UNKNOWN_OPTION");
    assert.equal(warnings[0].option, "--frobnicate");
  });

  it("unlisted aliases that take a value (--krb4) keep the URL", () => {
    for (const option of ["--krb4", "--krb", "-h"]) {
      assert.equal(
        toRequest(`curl ${option} low https://x.test/a`).url,
        "https://x.test/a",
        option,
      );
    }
    assert.equal(
      toRequest("curl --no-npn --epsv https://x.test/a").url,
      "https://x.test/a",
    );
  });

  it("options with values consume them even when they look like URLs", () => {
    const r = toRequest(
      "curl -o https://not-the-url.test -x proxy.test:8080 --max-time 3 https://x.test/",
    );
    assert.equal(r.url, "https://x.test/");
  });

  it("-X keeps the method as written and overrides inference", () => {
    assert.equal(toRequest("curl -X purge x.test").method, "purge");
    assert.equal(toRequest("curl -X GET -d a x.test").method, "GET");
    assert.equal(toRequest("curl -d a -X PUT x.test").method, "PUT");
  });

  it("headers: order, repeats, Name; and Name:", () => {
    const r = toRequest(
      "curl x.test -H 'B: 1' -H 'a: 2' -H 'b: 3' -H 'X-Empty;' -H 'X-Gone:' -H '  spaced  :   v  '",
    );
    assert.deepEqual(r.headers, {
      b: ["1", "3"],
      a: "2",
      "x-empty": "",
      spaced: "v",
    });
    assert.deepEqual(Object.keys(r.headers), ["b", "a", "x-empty", "spaced"]);
  });

  it("Name; sends an empty header only when the ; ends it, as curl 7.88 does on the wire", () => {
    const { request, warnings } = parseCurl(
      "curl x.test -H 'x-a; ' -H 'x-d;;' -H 'x-b;'",
    );
    assert.deepEqual(request.headers, { "x-b": "" });
    assert.deepEqual(warnings.map((w) => w.code), [
      "INVALID_HEADER",
      "INVALID_HEADER",
    ]);
  });

  it("Name: followed only by what C's isspace skips (VT, FF too) sends nothing, as in curl", () => {
    const r = toRequest(
      "curl x.test -H $'X-Vt: \\v' -H $'X-Ff:\\f \\r\\n' -H 'X-Tab:\t' -H 'A: b'",
    );
    assert.deepEqual(r.headers, { a: "b" });
  });

  it("Name: removes a header curl adds itself", () => {
    const r = toRequest(
      "curl x.test -d a=1 -H 'Content-Type:' -A agent -H 'User-Agent:'",
    );
    assert.deepEqual(r.headers, {});
  });

  it("-H overrides headers set by options", () => {
    const r = toRequest(
      "curl x.test -A a -H 'User-Agent: b' -d x -H 'content-type: text/plain'",
    );
    assert.deepEqual(r.headers, {
      "user-agent": "b",
      "content-type": "text/plain",
    });
  });

  it("-H @file and malformed headers warn", () => {
    const { request, warnings } = parseCurl(
      "curl x.test -H @headers.txt -H 'no colon' -H ': x'",
    );
    assert.deepEqual(request.headers, {});
    assert.deepEqual(warnings.map((w) => w.code), [
      "FILE_REFERENCE",
      "INVALID_HEADER",
      "INVALID_HEADER",
    ]);
    assert.deepEqual(warnings.map((w) => w.offset), [12, 28, 42]);
  });

  it("data: -d joined with &, default content type, @file kept", () => {
    const { request, warnings } = parseCurl(
      "curl x.test -d a=1 --data-ascii b=2 --data-binary @f.bin --data-raw @lit",
    );
    assert.equal(request.method, "POST");
    assert.equal(request.body, "a=1&b=2&@f.bin&@lit");
    assert.equal(
      request.headers["content-type"],
      "application/x-www-form-urlencoded",
    );
    assert.deepEqual(warnings.map((w) => [w.code, w.option]), [[
      "FILE_REFERENCE",
      "--data-binary",
    ]]);
    assert.equal(toRequest("curl x.test -d ''").body, "");
  });

  it("--data-urlencode follows curl's five forms", () => {
    const r = parseCurl(
      "curl x.test --data-urlencode 'a b&c' --data-urlencode '=x=y' --data-urlencode 'name=Zoë & co' --data-urlencode @f --data-urlencode n@f",
    );
    assert.equal(
      r.request.body,
      "a+b%26c&x%3Dy&name=Zo%C3%AB+%26+co&@f&n@f",
    );
    assert.equal(
      r.warnings.filter((w) => w.code === "FILE_REFERENCE").length,
      2,
    );
    assert.equal(
      toRequest('curl x.test --data-urlencode "q=it\'s(*)!~._-"').body,
      "q=it%27s%28%2A%29%21~._-",
    );
  });

  it("--json sets content type, accept and POST, joins without separator", () => {
    const r = toRequest(`curl x.test --json '{"a":' --json '1}'`);
    assert.equal(r.method, "POST");
    assert.equal(r.body, '{"a":1}');
    assert.deepEqual(r.headers, {
      "content-type": "application/json",
      accept: "application/json",
    });
    const mixed = toRequest("curl x.test -d a --json b -d c");
    assert.equal(mixed.body, "ab&c");
    const custom = toRequest("curl x.test --json '{}' -H 'Accept: text/plain'");
    assert.deepEqual(custom.headers, {
      accept: "text/plain",
      "content-type": "application/json",
    });
  });

  it("-G moves data into the query", () => {
    const r = toRequest("curl -G x.test/s?q=1 -d a=1 --data-urlencode 'b=x y'");
    assert.equal(r.method, "GET");
    assert.equal(r.url, "http://x.test/s?q=1&a=1&b=x+y");
    assert.equal(r.body, undefined);
    assert.deepEqual(r.headers, {});
    assert.equal(toRequest("curl -G -I x.test -d a").method, "HEAD");
    assert.equal(
      toRequest("curl -G x.test/p#frag -d a").url,
      "http://x.test/p?a#frag",
    );
  });

  it("--url-query appends encoded or + raw parts", () => {
    assert.equal(
      toRequest("curl x.test --url-query 'a=b c' --url-query +x=%20").url,
      "http://x.test/?a=b+c&x=%20",
    );
    // A raw part is checked like -G data: curl refuses a raw space.
    rejects("curl x.test --url-query '+a b'", "INVALID_URL", 12);
  });

  it("query pieces join as curl joins them: a bare ? is no query, empty pieces add nothing", () => {
    assert.equal(
      toRequest("curl -G -d b 'x.test/a?'").url,
      "http://x.test/a?b",
    );
    assert.equal(
      toRequest("curl --url-query b 'x.test/a?'").url,
      "http://x.test/a?b",
    );
    assert.equal(toRequest("curl -G -d '' x.test/a").url, "http://x.test/a");
    assert.equal(
      toRequest("curl --url-query '' x.test/a?q=1").url,
      "http://x.test/a?q=1",
    );
  });

  it("-I is HEAD, -T is PUT", () => {
    assert.equal(toRequest("curl -I x.test").method, "HEAD");
    const { request, warnings } = parseCurl("curl -T file.txt x.test");
    assert.equal(request.method, "PUT");
    assert.equal(warnings[0].code, "FILE_REFERENCE");
  });

  it("-F builds a deterministic multipart body", () => {
    const r = toRequest(
      "curl x.test -F 'a=1' -F 'f=@dir/pic.png' -F 'j={\"x\":1};type=application/json' --form-string 's=@not;type=x' -F 'q=\"a;b\"' -F 'up=@r.bin;filename=n.bin'",
    );
    const b = "------------------------switchyard";
    assert.equal(r.method, "POST");
    assert.equal(
      r.headers["content-type"],
      `multipart/form-data; boundary=${b}`,
    );
    assert.equal(
      r.body,
      `--${b}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="f"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n@dir/pic.png\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="j"\r\nContent-Type: application/json\r\n\r\n{"x":1}\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="s"\r\n\r\n@not;type=x\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="q"\r\n\r\na;b\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="up"; filename="n.bin"\r\nContent-Type: application/octet-stream\r\n\r\n@r.bin\r\n` +
        `--${b}--\r\n`,
    );
  });

  it("-F types a file part by its extension in any letter case, as curl does (Photo.PNG is image/png)", () => {
    const typeOf = (file: string) =>
      /\r\nContent-Type: ([^\r]*)\r\n/.exec(
        toRequest(`curl x.test -F 'f=@dir/${file}'`).body as string,
      )?.[1];
    for (
      const [file, type] of [
        ["Photo.PNG", "image/png"],
        ["scan.JpEg", "image/jpeg"],
        ["notes.TXT", "text/plain"],
        ["page.Html", "text/html"],
        ["data.BIN", "application/octet-stream"],
      ]
    ) assert.equal(typeOf(file), type, file);
  });

  it("-F skips blanks around an unquoted value, as curl does", () => {
    const part = (command: string) =>
      toRequest(command).body!.split("\r\n\r\n")[1].split("\r\n")[0];
    assert.equal(part("curl x.test -F 'a=  x  '"), "x");
    assert.equal(part("curl x.test -F $'a=\\tx'"), "x");
    assert.equal(part("curl x.test -F 'a=x ;type=text/plain'"), "x");
    assert.equal(part(`curl x.test -F 'a=" x "'`), " x ");
    assert.equal(part("curl x.test --form-string 'a= x '"), " x ");
  });

  it("-F picks another boundary when a part contains it, and keeps a custom content type", () => {
    const b = "------------------------switchyard";
    const r = toRequest(
      `curl x.test -F 'a=${b}' -H 'Content-Type: multipart/mixed'`,
    );
    assert.equal(r.headers["content-type"], `multipart/mixed; boundary=${b}1`);
    assert.ok((r.body as string).endsWith(`--${b}1--\r\n`));
  });

  it("-u is UTF-8 Basic auth; URL credentials move to the header", () => {
    assert.equal(
      toRequest("curl -u 'zoë:pässwörd' x.test").headers.authorization,
      "Basic em/Dqzpww6Rzc3fDtnJk",
    );
    assert.equal(
      toRequest("curl -u ada x.test").headers.authorization,
      "Basic YWRhOg==",
    );
    const r = toRequest("curl https://ada:p%40ss@x.test/p");
    assert.equal(r.url, "https://x.test/p");
    assert.equal(r.headers.authorization, "Basic " + btoa("ada:p@ss"));
    // A malformed escape stays as written; the valid ones are still decoded.
    assert.equal(
      toRequest("curl 'https://a%zz:p%41ss@x.test/'").headers.authorization,
      "Basic " + btoa("a%zz:pAss"),
    );
    assert.equal(
      toRequest("curl -u b:c https://a:z@x.test/").headers.authorization,
      "Basic " + btoa("b:c"),
    );
    assert.equal(
      toRequest("curl --oauth2-bearer tok x.test").headers.authorization,
      "Bearer tok",
    );
    const digest = parseCurl("curl --digest -u a:b x.test");
    assert.equal(digest.request.headers.authorization, undefined);
    assert.equal(digest.warnings[0].code, "UNSUPPORTED_OPTION");
  });

  it("-A, -e, -r, --compressed", () => {
    const r = toRequest(
      "curl x.test -A 'Agent/1' -e 'https://from.test/;auto' -r 0-99 --compressed",
    );
    assert.deepEqual(r.headers, {
      "user-agent": "Agent/1",
      referer: "https://from.test/",
      range: "bytes=0-99",
      "accept-encoding": "deflate, gzip, br, zstd",
    });
  });

  it("-r with a body is Content-Range with the body's size, as curl sends it", () => {
    const post = toRequest("curl x.test -r 0-10 -d é");
    assert.equal(post.headers["content-range"], "bytes 0-10/2");
    assert.equal(post.headers.range, undefined);
    assert.equal(
      toRequest("curl x.test -r 0-1 -F a=1").headers.range,
      undefined,
    );
    const upload = parseCurl("curl x.test/up/ -r 0-1 -T f.txt");
    assert.equal(upload.request.headers.range, undefined);
    assert.equal(upload.request.headers["content-range"], undefined);
    assert.ok(upload.warnings.some((w) => w.option === "-r"));
  });

  it("-b: a string with = is a cookie header, otherwise a file", () => {
    const r = parseCurl("curl x.test -b 'a=1; b=2' -b c=3 -b jar.txt");
    // curl 7.88 sends repeated -b strings joined by a bare ";".
    assert.equal(r.request.headers.cookie, "a=1; b=2;c=3");
    assert.equal(r.warnings[0].code, "FILE_REFERENCE");
    assert.equal(
      toRequest("curl -b a=1 -b b=2 x.test").headers.cookie,
      "a=1;b=2",
    );
  });

  it("-T appends the file name when the URL path ends in / (as curl does)", () => {
    const cases: Array<[string, string]> = [
      ["curl -T f.txt http://h.test/up/", "http://h.test/up/f.txt"],
      [
        "curl -T dir/sub/f.txt http://h.test/up/?q=1",
        "http://h.test/up/f.txt?q=1",
      ],
      ["curl -T f.txt h.test", "http://h.test/f.txt"],
      [
        "curl -T 'my file(1).txt' http://h.test/",
        "http://h.test/my%20file%281%29.txt",
      ],
      ["curl -T f.txt http://h.test/up/name", "http://h.test/up/name"],
      ["curl -T - http://h.test/up/", "http://h.test/up/"],
    ];
    for (const [command, url] of cases) {
      const request = toRequest(command);
      assert.equal(request.url, url, command);
      assert.equal(request.method, "PUT", command);
    }
  });

  it("a URL with a space is INVALID_URL at the URL word, as curl refuses it", () => {
    const cases: Array<[string, number]> = [
      ["curl 'http://127.0.0.1/a b'", 5],
      ["curl -s https://x.test/a\\ b", 8],
      // --url: the offset of the option that carries the URL.
      ["curl --url 'http://h.test/?q=a b'", 5],
      ["curl -G -d 'a b' http://h.test/", 17],
    ];
    for (const [command, offset] of cases) {
      assert.throws(() => toRequest(command), (error: unknown) => {
        assert.ok(error instanceof ConversionError, command);
        assert.equal(error.code, "INVALID_URL", command);
        assert.equal(error.offset, offset, command);
        assert.match(error.message, /curl rejects/);
        return true;
      });
    }
    // Non-ASCII in the path goes out percent-encoded (curl 7.88 on the wire).
    assert.equal(
      toRequest("curl http://h.test/é").url,
      "http://h.test/%c3%a9",
    );
  });

  it("--http versions", () => {
    assert.equal(toRequest("curl --http1.0 x.test").httpVersion, "1.0");
    assert.equal(toRequest("curl -0 x.test").httpVersion, "1.0");
    assert.equal(toRequest("curl --http1.1 x.test").httpVersion, "1.1");
    assert.equal(toRequest("curl --http2 x.test").httpVersion, "2");
    assert.equal(toRequest("curl --http3-only x.test").httpVersion, "3");
    assert.equal(toRequest("curl x.test").httpVersion, undefined);
  });

  it("URLs: scheme guess, --proto-default, --url, first URL wins", () => {
    assert.equal(toRequest("curl example.com").url, "http://example.com/");
    assert.equal(
      toRequest("curl ftp.example.com/f").url,
      "ftp://ftp.example.com/f",
    );
    assert.equal(
      toRequest("curl --proto-default https example.com?q").url,
      "https://example.com/?q",
    );
    assert.equal(
      toRequest("curl --url https://a.test/x").url,
      "https://a.test/x",
    );
    const { request, warnings } = parseCurl(
      "curl https://a.test/ https://b.test/",
    );
    assert.equal(request.url, "https://a.test/");
    assert.deepEqual(warnings.map((w) => [w.code, w.offset]), [[
      "EXTRA_URL",
      21,
    ]]);
    assert.equal(toRequest("curl /just/a/path").url, "/just/a/path");
  });

  it("--next: only the first transfer", () => {
    const { request, warnings } = parseCurl("curl a.test -d x --next b.test");
    assert.equal(request.url, "http://a.test/");
    assert.equal(warnings.at(-1)?.option, "--next");
  });
});

describe("curl.fromRequest", () => {
  const post: HttpRequest = {
    method: "POST",
    url: "https://x.test/p?q=1",
    headers: {
      "content-type": "application/json",
      "x-multi": ["1", "2"],
      "x-empty": "",
    },
    body: `{"it's":"@home"}`,
  };

  it("single-quotes everything and infers the method", async () => {
    assert.equal(
      await fromRequest(post),
      `curl 'https://x.test/p?q=1' -H 'content-type: application/json' -H 'x-multi: 1' -H 'x-multi: 2' -H 'x-empty;' --data-raw '{"it'\\''s":"@home"}'`,
    );
  });

  it("writes a blank value as an empty header (name;), which curl sends, not name: blanks, which it removes", async () => {
    const command = await fromRequest({
      method: "GET",
      url: "https://a.example/",
      headers: { "x-space": " ", "x-tab": "\t \t", "x-ff": "\f", a: "b" },
    });
    assert.equal(
      command,
      "curl 'https://a.example/' -H 'x-space;' -H 'x-tab;' -H 'x-ff;' -H 'a: b'",
    );
    assert.deepEqual(toRequest(command).headers, {
      "x-space": "",
      "x-tab": "",
      "x-ff": "",
      a: "b",
    });
  });

  it("pretty puts one option per line", async () => {
    assert.equal(
      await fromRequest({
        method: "DELETE",
        url: "https://x.test/",
        headers: { a: "b" },
      }, { pretty: true }),
      "curl 'https://x.test/' \\\n  -X 'DELETE' \\\n  -H 'a: b'",
    );
  });

  it("percent-encodes a space or control character in the URL, which curl refuses raw", async () => {
    const command = await fromRequest({
      method: "GET",
      url: "http://a.test/a b/\tc\x7f ",
      headers: {},
    });
    assert.equal(command, "curl 'http://a.test/a%20b/%09c%7F%20'");
    assert.equal(toRequest(command).url, "http://a.test/a%20b/%09c%7F%20");
  });

  it("round-trips through toRequest", async () => {
    assert.deepEqual(toRequest(await fromRequest(post)), post);
    assert.deepEqual(
      toRequest(await fromRequest(post, { pretty: true })),
      post,
    );
  });

  it("HEAD, GET with a body, body without content type, versions", async () => {
    for (
      const request of [
        { method: "HEAD", url: "https://x.test/", headers: {} },
        { method: "GET", url: "https://x.test/", headers: {}, body: "b" },
        { method: "POST", url: "https://x.test/", headers: {}, body: "" },
        {
          method: "PUT",
          url: "https://x.test/",
          headers: {},
          httpVersion: "2",
        },
        {
          method: "GET",
          url: "https://x.test/",
          headers: {},
          httpVersion: "1.0",
        },
      ] as HttpRequest[]
    ) {
      assert.deepEqual(toRequest(await fromRequest(request)), request);
    }
    assert.match(
      await fromRequest({
        method: "HEAD",
        url: "https://x.test/",
        headers: {},
      }),
      / --head$/,
    );
  });

  it("writes the version flag for a version given as Chrome's HAR writes it (http/2.0), in any case", async () => {
    for (
      const [version, flag] of [
        ["http/2.0", "--http2"],
        ["HTTP/2", "--http2"],
        ["Http/1.0", "--http1.0"],
        ["http/3", "--http3"],
      ]
    ) {
      const command = await fromRequest({
        method: "GET",
        url: "https://x.test/",
        headers: {},
        httpVersion: version,
      });
      assert.equal(command, `curl 'https://x.test/' ${flag}`, version);
    }
  });

  it("uses --url for a URL starting with - and --globoff for [] {}", async () => {
    const dash: HttpRequest = { method: "GET", url: "-x.test/", headers: {} };
    assert.equal(await fromRequest(dash), "curl --url '-x.test/'");
    const glob: HttpRequest = {
      method: "GET",
      url: "https://x.test/[1-2]{a}",
      headers: {},
    };
    assert.equal(
      await fromRequest(glob),
      "curl 'https://x.test/[1-2]{a}' --globoff",
    );
    assert.deepEqual(toRequest(await fromRequest(glob)), glob);
  });

  it("adds --globoff for [] or {} alone, and only then", async () => {
    const cases: Array<[string, boolean]> = [
      ["https://x.test/{a,b}", true],
      ["https://x.test/a}", true],
      ["https://x.test/?q={x}", true],
      ["https://x.test/[1-2]", true],
      ["https://x.test/a]", true],
      ["https://x.test/plain?q=(x)", false],
    ];
    for (const [url, globoff] of cases) {
      const words = (await fromRequest({ method: "GET", url, headers: {} }))
        .split(" ");
      assert.equal(words.includes("--globoff"), globoff, url);
    }
  });

  it("writes control characters with $'…' and round-trips them", async () => {
    const request: HttpRequest = {
      method: "POST",
      url: "https://x.test/",
      headers: { "content-type": "x" },
      body: "a\r\n\tb'\\\x1b\x7f",
    };
    const command = await fromRequest(request);
    assert.match(command, /--data-raw \$'a\\r\\n\\tb\\'\\\\\\x1b\\x7f'$/);
    assert.deepEqual(toRequest(command), request);
  });

  it("accepts a native Request", async () => {
    const command = await fromRequest(
      new Request("https://x.test/", {
        method: "POST",
        body: "hi",
        headers: { "x-a": "1" },
      }),
    );
    const back = toRequest(command);
    assert.equal(back.body, "hi");
    assert.equal(back.headers["x-a"], "1");
  });

  it("rejects NUL and header names that are not tokens", async () => {
    await assert.rejects(
      fromRequest({
        method: "POST",
        url: "https://x.test/",
        headers: {},
        body: "a\0b",
      }),
      ConversionError,
    );
    await assert.rejects(
      fromRequest({
        method: "GET",
        url: "https://x.test/",
        headers: { "a:b": "c" },
      }),
      ConversionError,
    );
    await assert.rejects(
      fromRequest({
        method: "GET",
        url: "https://x.test/",
        headers: { "a b": "c" },
      }),
      ConversionError,
    );
  });
});

describe("curl.toRequest: browser Copy as cURL (bash) fixtures", () => {
  const dir = new URL("../fixtures/curl/", import.meta.url);
  const expected = JSON.parse(
    readFileSync(new URL("browser_expected.json", dir), "utf8"),
  ) as Record<
    string,
    { request: HttpRequest; warnings: string[] }
  >;
  const names = readdirSync(new URL("browser/", dir)).filter((f) =>
    f.endsWith(".sh")
  );

  it("has at least 4 Chrome and 4 Firefox commands, each with an expectation", () => {
    assert.ok(names.filter((n) => n.startsWith("chrome_")).length >= 4);
    assert.ok(names.filter((n) => n.startsWith("firefox_")).length >= 4);
    assert.deepEqual(
      names.map((n) => n.slice(0, -3)).sort(),
      Object.keys(expected).sort(),
    );
  });

  for (const name of names) {
    it(name, async () => {
      const command = readFileSync(new URL("browser/" + name, dir), "utf8");
      const want = expected[name.slice(0, -3)];
      const { request, warnings } = parseCurl(command);
      assert.deepEqual(request, want.request);
      assert.deepEqual(
        Object.keys(request.headers),
        Object.keys(want.request.headers),
      );
      assert.deepEqual(warnings.map((w) => w.code), want.warnings);
      // And the generated command reads back to the same request.
      assert.deepEqual(toRequest(await fromRequest(request)), request);
    });
  }
});

describe("curl.toRequest: header names that are Object.prototype keys", () => {
  it("keeps constructor and __proto__ as ordinary headers", () => {
    const r = toRequest(
      "curl x.test -H 'constructor: a' -H 'constructor: b' -H '__proto__: c'",
    );
    assert.deepEqual(Object.keys(r.headers), ["constructor", "__proto__"]);
    assert.deepEqual(r.headers.constructor, ["a", "b"]);
    assert.equal(Object.getPrototypeOf(r.headers), Object.prototype);
  });
});

/** Runs generated fetch() code with a recording fetch; returns the call as a request. */
function runFetchCode(code: string): HttpRequest {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const recorder = (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return Promise.resolve({ text: () => Promise.resolve("") });
  };
  const quiet = { log() {}, error() {} };
  new Function("fetch", "console", code)(recorder, quiet);
  assert.equal(calls.length, 1, code);
  const [url, init = {}] = calls[0];
  const headers: Record<string, string | string[]> = {};
  const pairs = Array.isArray(init.headers)
    ? init.headers as [string, string][]
    : Object.entries(init.headers ?? {});
  for (const [name, value] of pairs) {
    const old = headers[name];
    headers[name] = old === undefined
      ? value
      : [...(Array.isArray(old) ? old : [old]), value];
  }
  const request: HttpRequest = {
    method: init.method ?? "GET",
    url,
    headers,
  };
  if (init.body !== undefined) request.body = init.body as string;
  return request;
}

describe("curl.toFetchCode", () => {
  it("evaluates to the fetch call written by hand", () => {
    assert.deepEqual(
      runFetchCode(
        toFetchCode(
          "curl -X POST 'https://a.example/x?y=1' -H 'A: b' -d 'x=1' -u user:pw",
        ),
      ),
      {
        method: "POST",
        url: "https://a.example/x?y=1",
        headers: {
          a: "b",
          authorization: "Basic dXNlcjpwdw==", // base64("user:pw")
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "x=1",
      },
    );
    assert.deepEqual(
      runFetchCode(
        toFetchCode(
          "curl -H 'X-M: 1' -H 'X-M: 2' --json '{\"a\":1}' a.example",
        ),
      ),
      {
        method: "POST",
        url: "http://a.example/",
        headers: {
          "x-m": ["1", "2"],
          "content-type": "application/json",
          accept: "application/json",
        },
        body: '{"a":1}',
      },
    );
  });

  it("evaluates, for every corpus command, to the request the command means", () => {
    const corpus = readFileSync(
      new URL("../fixtures/curl/corpus.txt", import.meta.url),
      "utf8",
    )
      .split("\n").filter((line) => line.trim() !== "");
    for (const command of corpus) {
      const { method, url, headers, body } = toRequest(command);
      const want: HttpRequest = { method, url, headers };
      if (body !== undefined) want.body = body;
      assert.deepEqual(runFetchCode(toFetchCode(command)), want, command);
    }
  });

  it("produces code that sends a header named __proto__", async () => {
    let init: { headers?: object } = {};
    const fakeFetch = (_url: string, given: { headers?: object }) => {
      init = given;
      return Promise.resolve({ text: () => Promise.resolve("") });
    };
    const code = toFetchCode("curl https://x.test/ -H '__proto__: v'");
    await new Function("fetch", "console", "return " + code)(fakeFetch, {
      log() {},
      error() {},
    });
    assert.deepEqual(Object.entries(init.headers ?? {}), [["__proto__", "v"]]);
  });

  it("produces code that sends the parsed request", async () => {
    const command =
      `curl 'https://x.test/a?b' -H 'x-q: it'\\''s' -H 'x-q: "2"' --data-raw $'line\\n</script>'`;
    const calls: unknown[][] = [];
    const fakeFetch = (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ text: () => Promise.resolve("") });
    };
    await new Function("fetch", "console", "return " + toFetchCode(command))(
      fakeFetch,
      { log() {}, error() {} },
    );
    const [url, init] = calls[0] as [
      string,
      { method: string; headers: string[][]; body: string },
    ];
    assert.equal(url, "https://x.test/a?b");
    assert.equal(init.method, "POST");
    assert.deepEqual(init.headers, [["x-q", "it's"], ["x-q", '"2"'], [
      "content-type",
      "application/x-www-form-urlencoded",
    ]]);
    assert.equal(init.body, "line\n</script>");
  });

  it("throws ConversionError like toRequest", () => {
    assert.throws(() => toFetchCode("wget x"), ConversionError);
  });
});

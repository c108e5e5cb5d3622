// fetch.parseCode: pasted fetch() code read without running it. Oracles: the
// JavaScript engine itself (the same code run with a fake fetch), requests
// written by hand, and the library's own generator (toCode) in round trips.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  ConversionError,
  type HttpRequest,
  parseCode,
  toCode,
  toRequest,
} from "../../src/convert/fetch.ts";
import { detectType } from "../../src/convert/core.ts";

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** What the engine passes to fetch() when it runs `code`. */
async function engineRequest(code: string): Promise<HttpRequest> {
  let seen: [string, RequestInit | undefined] | undefined;
  const fakeFetch = (url: string, init?: RequestInit) => {
    seen ??= [url, init];
    return Promise.resolve(new Response("{}"));
  };
  await new AsyncFunction("fetch", "window", "console", code)(
    fakeFetch,
    { fetch: fakeFetch },
    { log() {}, error() {} },
  );
  assert.ok(seen, "the code called fetch");
  return toRequest(seen[0], seen[1]);
}

function refused(
  code: string,
  expected: { code: string; offset?: number },
): ConversionError {
  try {
    parseCode(code);
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    assert.deepEqual(
      { code: error.code, offset: error.offset },
      { offset: undefined, ...expected },
      `${JSON.stringify(String(code).slice(0, 80))}: ${error.message}`,
    );
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(code.slice(0, 80))}`);
}

// Hand-written code in the shapes people paste, each run by the engine too.
const FIXTURES: Record<string, string> = {
  "the CLI's regression": `fetch("https://a.example/x", { method: "DELETE" })`,
  "Chrome's Copy as fetch": `fetch("https://api.example.com/v1/items?page=2", {
  "headers": {
    "accept": "application/json",
    "accept-language": "en-US,en;q=0.9",
    "content-type": "application/json",
    "sec-fetch-mode": "cors"
  },
  "referrerPolicy": "strict-origin-when-cross-origin",
  "body": "{\\"name\\":\\"Ada\\",\\"tags\\":[\\"x\\"]}",
  "method": "POST",
  "mode": "cors",
  "credentials": "include"
});`,
  "Chrome's GET with body null": `fetch("https://example.com/", {
  "headers": { "accept": "*/*" },
  "body": null,
  "method": "GET"
});`,
  "Firefox's Copy as Fetch": `await fetch("https://example.com/login", {
    "credentials": "include",
    "headers": {
        "User-Agent": "Mozilla/5.0",
        "Content-Type": "application/x-www-form-urlencoded"
    },
    "body": "user=ada&pass=%C3%A9",
    "method": "POST",
    "mode": "cors"
});`,
  "hand-written, with comments and every quote": `// send it
const response = await window.fetch('https://example.com/it\\'s', {
  method: 'put', /* lower case: fetch upper-cases it */
  headers: new Headers([["x-a", \`one\`], ['x-a', "two"]]),
  body: JSON.stringify({ n: 1, s: "é\\u00e9", nested: [true, null] }, null, 2),
});
console.log(await response.text());`,
  "URLSearchParams body": `fetch(new URL("https://example.com/form"), {
  method: "POST",
  body: new URLSearchParams({ q: "a b", lang: "en" }),
})`,
  "a .then chain":
    `fetch("https://example.com/a?b=1").then((r) => r.json()).then(console.log);`,
  "numbers, escapes, trailing commas":
    `fetch("https://example.com/\\x41\\u{1F600}", {
  headers: { "x-n": 42, 'x-hex': 0x1F, },
  body: "line\\nbreak\\ttab \\
continued",
  method: \`PATCH\`,
},)`,
};

describe("fetch.parseCode", () => {
  it("reads each fixture as the engine's fetch() call would send it", async () => {
    for (const [name, code] of Object.entries(FIXTURES)) {
      assert.deepEqual(parseCode(code), await engineRequest(code), name);
      assert.equal(detectType(code), "fetch", name);
    }
  });

  it("reads fixtures into the requests written by hand", () => {
    assert.deepEqual(parseCode(FIXTURES["the CLI's regression"]), {
      method: "DELETE",
      url: "https://a.example/x",
      headers: {},
    });
    assert.deepEqual(
      parseCode(FIXTURES["hand-written, with comments and every quote"]),
      {
        method: "PUT",
        url: "https://example.com/it's",
        headers: { "x-a": "one, two" },
        body:
          '{\n  "n": 1,\n  "s": "éé",\n  "nested": [\n    true,\n    null\n  ]\n}',
      },
    );
    assert.deepEqual(parseCode(FIXTURES["URLSearchParams body"]), {
      method: "POST",
      url: "https://example.com/form",
      headers: {
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      },
      body: "q=a+b&lang=en",
    });
    assert.deepEqual(parseCode(FIXTURES["numbers, escapes, trailing commas"]), {
      method: "PATCH",
      url: "https://example.com/A😀",
      headers: { "x-n": "42", "x-hex": "31" },
      body: "line\nbreak\ttab continued",
    });
  });

  it("reads the { url, options } object, as JSON and as JavaScript", () => {
    const expected = {
      method: "HEAD",
      url: "https://a.example/",
      headers: { accept: "text/plain" },
    };
    for (
      const code of [
        '{"url":"https://a.example/","options":{"method":"HEAD","headers":{"accept":"text/plain"}}}',
        "{ url: 'https://a.example/', options: { method: 'HEAD', headers: { accept: 'text/plain' } } }",
      ]
    ) {
      assert.deepEqual(parseCode(code), expected);
      assert.equal(detectType(code), "fetch");
    }
    assert.equal(
      detectType({ url: "https://a.example/", options: { method: "HEAD" } }),
      "fetch",
    );
  });

  it("round-trips toCode output, every form, hostile values included", async () => {
    const headers: Record<string, string | string[]> = {
      "content-type": "text/plain",
      "set-cookie": ["a=1", "b=2"],
    };
    const proto: Record<string, string> = {};
    Object.defineProperty(proto, "__proto__", {
      value: "kept",
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const requests: HttpRequest[] = [
      { method: "GET", url: "https://example.com/", headers: {} },
      {
        method: "DELETE",
        url: "https://a.example/x",
        headers: {},
      },
      {
        method: "POST",
        url: "https://example.com/it's?q=\u2028</script>",
        headers,
        body: "lone \ud800, ${not a template}, `tick`, <!-- x -->, \\ \0",
      },
      { method: "PUT", url: "https://example.com/p", headers: proto, body: "" },
    ];
    for (const request of requests) {
      for (const pretty of [true, false]) {
        for (const async of [true, false]) {
          const code = await toCode(request, { pretty, async });
          assert.deepEqual(parseCode(code), request, code);
          assert.equal(detectType(code), "fetch");
        }
      }
    }
  });

  it("finds the call after code and comments that mention fetch(", () => {
    const code = `// fetch("https://old.example/")
/* fetch("https://older.example/") */
const note = "fetch('https://string.example/')";
const api = { fetch() {} };
api.fetch("https://method.example/");
prefetch("https://prefetch.example/");
globalThis.fetch("https://real.example/");`;
    assert.equal(parseCode(code).url, "https://real.example/");
  });

  it("keeps its place past escaped quotes, template substitutions and regular expressions before the call", async () => {
    // Each literal before the call hides a decoy `fetch(` that a reader
    // which lost its place would take; the engine runs the same code.
    const cases = [
      String
        .raw`const s = "a \" fetch(\"https://wrong.example/\")"; fetch("https://x.example/1")`,
      String
        .raw`const s = 'a \' fetch(\'https://wrong.example/\')'; fetch("https://x.example/2")`,
      "const s = `a \\` fetch(`; fetch('https://x.example/3')",
      String
        .raw`const s = "ends in a backslash \\"; fetch("https://x.example/4")`,
      'const s = "a\\\r\nb \' fetch(\'"; fetch("https://x.example/5")',
      'const s = `t ${"`"} fetch("https://wrong.example/")`; fetch("https://x.example/6")',
      "const s = `t ${`in ${'}'} ${\"`\"}`} fetch('https://wrong.example/')`; fetch('https://x.example/7')",
      'const s = `t ${ { a: "}" }.a /* ` */ } fetch(`; fetch("https://x.example/8")',
      'const r = /"/; fetch("https://x.example/9")',
      "const r = /[/'`]fetch\\(/g; fetch('https://x.example/10')",
      'const r = /\\/"/i; fetch("https://x.example/11")',
      'const s = "x"; if (/"/.test(s)) {} fetch("https://x.example/12")',
      'const r = /[ab]"/; fetch("https://x.example/16")',
      // Divisions, not regular expressions, around the call.
      'const a = 6, b = 3; const n = a / b; fetch("https://x.example/13"); a / 2;',
      'const a = [4]; (a[0]) / 2; fetch("https://x.example/14"); 4 / 2;',
      'const a = [4]; a[0] / 2; fetch("https://x.example/15"); 4 / 2;',
    ];
    for (const code of cases) {
      const engine = await engineRequest(code);
      assert.match(engine.url, /^https:\/\/x\.example\/\d+$/, code);
      assert.deepEqual(parseCode(code), engine, code);
      assert.equal(detectType(code), "fetch", code);
    }
    // Pasted JSX: `</p>` is a closing tag, not a regular expression.
    assert.equal(
      parseCode(
        'const el = <p>Hi</p>; fetch("https://x.example/jsx"); <b>/</b>;',
      ).url,
      "https://x.example/jsx",
    );
    // An open template is an error at its backtick, thousands deep or not.
    refused("const s = `${ \"x\" ; fetch('https://x.example/')", {
      code: "UNTERMINATED_QUOTE",
      offset: 10,
    });
    refused("`${".repeat(200_000), { code: "UNTERMINATED_QUOTE", offset: 0 });
  });

  it("refuses code that needs running, with the code and offset", () => {
    refused("fetch(`${base}/users`)", { code: "INVALID_INPUT", offset: 7 });
    refused("fetch(url)", { code: "INVALID_INPUT", offset: 6 });
    refused("fetch('https://x/', { body: readFile() })", {
      code: "INVALID_INPUT",
      offset: 28,
    });
    refused("fetch('https://x/', { ...defaults })", {
      code: "INVALID_INPUT",
      offset: 22,
    });
    refused("fetch('https://x/', { headers: [...h] })", {
      code: "INVALID_INPUT",
      offset: 32,
    });
    refused("fetch('https://x/', new Request('https://y/'))", {
      code: "INVALID_INPUT",
      offset: 20,
    });
    refused("fetch('https://x/', { body: JSON.stringify(x, replacer) })", {
      code: "INVALID_INPUT",
      offset: 43,
    });
  });

  it("refuses malformed code with typed errors and offsets", () => {
    refused("", { code: "EMPTY_INPUT", offset: 0 });
    refused("  // only a comment\n", { code: "EMPTY_INPUT", offset: 0 });
    refused("fetch()", { code: "MISSING_URL", offset: 6 });
    refused("fetch('https://x/", { code: "UNTERMINATED_QUOTE", offset: 6 });
    refused('fetch("https://x/\n")', {
      code: "UNTERMINATED_QUOTE",
      offset: 6,
    });
    refused("fetch(`https://x/", { code: "UNTERMINATED_QUOTE", offset: 6 });
    refused("const a = 'x; fetch('y')", {
      code: "UNTERMINATED_QUOTE",
      offset: 22,
    });
    refused("fetch('https://x/', { body: 'a\\u{110000}' })", {
      code: "INVALID_ESCAPE",
      offset: 30,
    });
    refused("fetch('https://x/', { body: '\\x4' })", {
      code: "INVALID_ESCAPE",
      offset: 29,
    });
    refused("fetch('https://x/', { body: '\\1' })", {
      code: "INVALID_ESCAPE",
      offset: 29,
    });
    refused("fetch('https://x/' /* open", {
      code: "INVALID_INPUT",
      offset: 19,
    });
    refused("fetch('https://x/', { method: 'GET' }", {
      code: "INVALID_INPUT",
      offset: 37,
    });
    refused("fetch(42)", { code: "INVALID_INPUT", offset: 6 });
    refused("fetch('https://x/', 'init')", {
      code: "INVALID_INPUT",
      offset: 20,
    });
    refused("hello world", { code: "INVALID_INPUT", offset: 0 });
    refused("{ options: {} }", { code: "INVALID_INPUT", offset: 0 });
  });

  it("reports what toRequest refuses at the offending field", () => {
    const header = refused(
      "fetch('https://x/', { method: 'POST', headers: { 'bad name': 'v' } })",
      { code: "INVALID_HEADER", offset: 47 },
    );
    assert.match(header.message, /^fetch code: /);
    refused("fetch('https://x/', { method: 'GET', body: 5 })", {
      code: "INVALID_INPUT",
      offset: 43,
    });
    refused("fetch('https://x/', { method: 'a b' })", {
      code: "INVALID_INPUT",
      offset: 30,
    });
  });

  it("stays bounded on huge and deeply nested input", () => {
    // Thousands of `[`: an error at the 257th level, not a stack overflow.
    refused("fetch('https://x/', " + "[".repeat(100_000) + ")", {
      code: "INVALID_INPUT",
      offset: 20 + 256,
    });
    refused("fetch('https://x/', { a: " + "{ a: ".repeat(50_000), {
      code: "INVALID_INPUT",
      offset: 25 + 255 * 5,
    });
    // Nested calls count as nesting too.
    for (const call of ["JSON.stringify(", "new Headers("]) {
      const open = "fetch('https://x/', { body: " + call.repeat(100_000);
      refused(open + "1" + ")".repeat(100_000) + " })", {
        code: "INVALID_INPUT",
        offset: 28 + 256 * call.length - 1, // the `(` at level 257
      });
    }
    // Megabytes of text are read in one pass.
    const body = "a'\\\"".replace(/\\"/, "b").repeat(1_000_000);
    assert.equal(
      parseCode(
        `fetch("https://x/", { method: "POST", body: ${
          JSON.stringify(body)
        } })`,
      )
        .body,
      body,
    );
    refused("fetch ".repeat(200_000), { code: "INVALID_INPUT", offset: 0 });
    // Only a few `fetch(` candidates are tried, so this stays linear too.
    refused("fetch(x);".repeat(200_000), { code: "INVALID_INPUT", offset: 6 });
    refused("x.".repeat(200_000) + "fetch('https://x/')", {
      code: "INVALID_INPUT",
      offset: 0,
    });
    refused("fetch('" + "a".repeat(2_000_000), {
      code: "UNTERMINATED_QUOTE",
      offset: 6,
    });
  });

  it("mangled code gives a request or a ConversionError with an offset, nothing else", () => {
    // Seeded edits (deletions, inserted syntax) of code every feature of the
    // reader touches: the same 5,000 cases on every run.
    const seeds = [
      ...Object.values(FIXTURES),
      "await window.fetch(`https://a/`, { body: new URLSearchParams({ a: 'b' }), ['__proto__']: 1, headers: { x: \"\\u{1F600}\\x41\\n\" } })",
      "{ url: 'https://x/', options: { method: 'POST', body: \"a\\\\b\" } }",
    ];
    const syntax =
      "fetch()[]{}'\"`\\$,:. /*\n\r0123456789abcxnu{}-+JSON.stringify new Headers URL ...";
    let state = 42;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % n;
    };
    for (let i = 0; i < 5000; i++) {
      let code = seeds[random(seeds.length)];
      for (let edit = 1 + random(4); edit > 0; edit--) {
        const at = random(code.length + 1);
        const from = random(syntax.length);
        code = random(2) === 0
          ? code.slice(0, at) + code.slice(at + 1 + random(5))
          : code.slice(0, at) + syntax.slice(from, from + 1 + random(12)) +
            code.slice(at);
      }
      try {
        detectType(code);
        parseCode(code);
      } catch (error) {
        assert.ok(error instanceof ConversionError, `${code}: ${error}`);
        assert.equal(typeof error.offset, "number", code);
      }
    }
  });

  it("refuses a value that is not a string", () => {
    refused(42 as unknown as string, { code: "INVALID_INPUT" });
  });
});

// Deno-only: the Ruby net/http and Java HttpClient targets — what each
// refuses or warns about (without a runtime), and, with the runtime, a
// program run exactly as a user pastes it (`ruby file.rb`, `java Main.java`,
// not the suite's batch driver) sending URL credentials, a lower-case method
// and a body as curl sends them.
import assert from "node:assert/strict";
import { ConversionError, generateCode } from "../../../src/convert/code.ts";
import type { HeaderMap, HttpRequest } from "../../../src/convert/types.ts";
import { run } from "../../_bounded.ts";
import { needs } from "../../_programs.ts";
import type { WireRequest } from "../_curl_wire.ts";
import { captureEach } from "./_capture.ts";
import { RUNNERS, skipReason } from "./_runners.ts";
import { wireDifferences } from "./_suite.ts";

const BASE: HttpRequest = {
  method: "GET",
  url: "https://a.test/",
  headers: {},
};

function refusal(request: HttpRequest, target: string): ConversionError {
  try {
    generateCode(request, { target });
  } catch (error) {
    assert.ok(error instanceof ConversionError, String(error));
    return error;
  }
  assert.fail(`${target} generated code for ${JSON.stringify(request)}`);
}

const warned = (request: HttpRequest, target: string) =>
  generateCode(request, { target }).warnings.map((w) => [w.code, w.header]);

Deno.test("ruby-net-http: a repeated name is refused in any letter case (net/http joins the values)", () => {
  const repeated: HeaderMap[] = [
    { cookie: ["a=1", "b=2"] },
    { "X-M": "1", "x-m": "2" },
  ];
  for (const headers of repeated) {
    const error = refusal({ ...BASE, headers }, "ruby-net-http");
    assert.equal(error.code, "UNSUPPORTED_BY_TARGET");
    assert.match(error.message, /^Ruby net\/http: /);
  }
});

Deno.test("ruby-net-http: a method of its own class, any other (lower-case too) as written", () => {
  const code = (method: string) =>
    generateCode({ ...BASE, method }, { target: "ruby-net-http" }).code;
  assert.ok(code("PATCH").includes("Net::HTTP::Patch.new(uri)"));
  assert.ok(code("HEAD").includes("Net::HTTP::Head.new(uri)"));
  assert.ok(
    code("patch").includes(
      'Net::HTTPGenericRequest.new("patch", false, true, uri)',
    ),
  );
  // A name that is an Object member is no class of net/http.
  assert.ok(
    code("constructor").includes('Net::HTTPGenericRequest.new("constructor"'),
  );
});

Deno.test("ruby-net-http: warns where net/http adds a form Content-Type, only there", () => {
  const type = [["HEADER_SET_BY_CLIENT", "content-type"]];
  assert.deepEqual(
    warned({ ...BASE, method: "PUT", body: "x" }, "ruby-net-http"),
    type,
  );
  // A POST without a body gets an empty one.
  assert.deepEqual(warned({ ...BASE, method: "POST" }, "ruby-net-http"), type);
  assert.deepEqual(warned({ ...BASE, method: "DELETE" }, "ruby-net-http"), []);
  assert.deepEqual(
    warned({
      ...BASE,
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    }, "ruby-net-http"),
    [],
  );
  // It frames a body itself.
  assert.deepEqual(
    warned({
      ...BASE,
      method: "POST",
      headers: { "content-type": "a/b", "Transfer-Encoding": "chunked" },
      body: "x",
    }, "ruby-net-http"),
    [["HEADER_SET_BY_CLIENT", "transfer-encoding"]],
  );
});

Deno.test("ruby-net-http: #{…}, #$x and #@x stay text; https uses TLS", () => {
  const { code } = generateCode({
    ...BASE,
    headers: { "x-a": '#{`id`} #$0 #@x "\\' },
  }, { target: "ruby-net-http" });
  assert.ok(
    code.includes('request["x-a"] = "\\#{`id`} \\#$0 \\#@x \\"\\\\"'),
    code,
  );
  assert.ok(code.includes("uri.port, use_ssl: true) do |http|"), code);
  const plain = generateCode({ ...BASE, url: "http://a.test/" }, {
    target: "ruby-net-http",
  });
  assert.ok(plain.code.includes("(uri.hostname, uri.port) do |http|"));
});

Deno.test("java-http-client: refuses what HttpClient rejects or rewrites", () => {
  const refused: HttpRequest[] = [
    { ...BASE, method: "CONNECT" },
    // Written as ASCII: é would go out as "?".
    { ...BASE, headers: { "x-a": "café" } },
    // Rejected as an invalid value.
    { ...BASE, headers: { "x-a": "a\x01b" } },
    { ...BASE, headers: { "x-a": "a\x7fb" } },
    // Joined into one line with "; ", in any letter case.
    { ...BASE, headers: { Cookie: "a=1", cookie: "b=2" } },
  ];
  for (const request of refused) {
    const error = refusal(request, "java-http-client");
    assert.equal(error.code, "UNSUPPORTED_BY_TARGET", JSON.stringify(request));
    assert.match(error.message, /^Java HttpClient: /);
  }
});

Deno.test("java-http-client: a repeated name other than Cookie is one .header() per value; a tab and a lower-case method pass", () => {
  const { code, warnings } = generateCode({
    ...BASE,
    method: "connect",
    headers: { "x-m": ["1", "2\t3"] },
  }, { target: "java-http-client" });
  assert.deepEqual(warnings, []);
  assert.ok(
    code.includes(
      '.header("x-m", "1")\n                .header("x-m", "2\\t3")',
    ),
    code,
  );
  assert.ok(
    code.includes('.method("connect", HttpRequest.BodyPublishers.noBody())'),
    code,
  );
});

Deno.test("java-http-client: the headers HttpClient sets itself are left out with a warning, in any letter case", () => {
  const { code, warnings } = generateCode({
    ...BASE,
    method: "POST",
    headers: {
      HOST: "b.test",
      Connection: "keep-alive",
      "content-length": "1",
      Expect: "100-continue",
      upgrade: "h2c",
      "x-kept": "1",
    },
    body: "x",
  }, { target: "java-http-client" });
  assert.deepEqual(
    warnings.map((w) => [w.code, w.header]),
    ["host", "connection", "content-length", "expect", "upgrade"].map((
      name,
    ) => ["HEADER_SET_BY_CLIENT", name]),
  );
  assert.ok(!/b\.test|keep-alive|100-continue|h2c/i.test(code), code);
  assert.ok(code.includes('.header("x-kept", "1")'), code);
});

Deno.test("java-http-client: HTTP/1.x pins HTTP_1_1; 1.0 and 3 warn", () => {
  const result = (httpVersion?: string) =>
    generateCode({ ...BASE, httpVersion }, { target: "java-http-client" });
  assert.ok(!result().code.includes(".version("));
  assert.ok(!result("2").code.includes(".version("));
  assert.ok(
    result("HTTP/1.1").code.includes(".version(HttpClient.Version.HTTP_1_1)"),
  );
  assert.deepEqual(result("1.1").warnings, []);
  for (const version of ["1.0", "3"]) {
    assert.deepEqual(
      result(version).warnings.map((w) => w.code),
      ["HTTP_VERSION_IGNORED"],
    );
  }
});

Deno.test("java-http-client: the source is ASCII; \\u in a value never becomes a Unicode escape", () => {
  const { code } = generateCode({
    ...BASE,
    method: "POST",
    body: 'Zoë 😀 \\u0022 \u2028\n\x00\x01"',
  }, { target: "java-http-client" });
  // deno-lint-ignore no-control-regex
  assert.ok(/^[\x0a\x20-\x7e]*$/.test(code), "non-ASCII or control in code");
  assert.ok(
    code.includes(
      'ofString("Zo\\u00eb \\ud83d\\ude00 \\\\u0022 \\u2028\\n\\000\\001\\"")',
    ),
    code,
  );
});

Deno.test("ruby-net-http and java-http-client: URL credentials become Basic auth, a different authorization header is INVALID_URL", () => {
  const url = "https://us%3Aer:p%40ss@a.test/x";
  const ruby = generateCode({ ...BASE, url }, { target: "ruby-net-http" });
  assert.ok(
    ruby.code.includes('request.basic_auth("us:er", "p@ss")'),
    ruby.code,
  );
  assert.ok(ruby.code.includes('URI("https://a.test/x")'), ruby.code);
  const java = generateCode({ ...BASE, url }, { target: "java-http-client" });
  const basic = "Basic " + btoa("us:er:p@ss");
  assert.ok(java.code.includes(`.header("Authorization", "${basic}")`));
  // The same header is written once; another one is a conflict.
  const same = generateCode({
    ...BASE,
    url,
    headers: { authorization: basic },
  }, { target: "java-http-client" });
  assert.equal(same.code.split("Authorization").length - 1, 0, same.code);
  assert.equal(same.code.split(basic).length - 1, 1, same.code);
  for (const target of ["ruby-net-http", "java-http-client"]) {
    const other = { ...BASE, url, headers: { Authorization: "Bearer t" } };
    assert.equal(refusal(other, target).code, "INVALID_URL");
  }
});

Deno.test("ruby-net-http and java-http-client: a URL their strict URI parsers reject is percent-encoded; a non-ASCII host is refused", () => {
  const url = 'http://a.test/p|a th/é?q={"x"}&r=%zz&s=%41#f#g';
  const encoded =
    "http://a.test/p%7Ca%20th/%C3%A9?q=%7B%22x%22%7D&r=%25zz&s=%41#f%23g";
  for (const target of ["ruby-net-http", "java-http-client"]) {
    const { code } = generateCode({ ...BASE, url }, { target });
    // Ruby's literal escapes # (it would start an interpolation).
    const literal = target === "ruby-net-http"
      ? encoded.replace("#", "\\#")
      : encoded;
    assert.ok(code.includes(literal), code);
    const error = refusal({ ...BASE, url: "http://bücher.test/" }, target);
    assert.equal(error.code, "UNSUPPORTED_BY_TARGET");
  }
});

// A program run as a user runs it, one process for it alone.
const AS_IS: Record<string, (dir: string, code: string) => Promise<string>> = {
  "ruby-net-http": async (dir, code) => {
    await Deno.writeTextFile(`${dir}/request.rb`, code);
    const result = await run("ruby", { args: ["request.rb"], cwd: dir });
    return result.err;
  },
  "java-http-client": async (dir, code) => {
    await Deno.writeTextFile(`${dir}/Main.java`, code);
    const result = await run("java", {
      args: ["Main.java"],
      cwd: dir,
      timeoutMs: 120_000,
    });
    return result.err;
  },
};

async function sent(
  id: string,
  request: (origin: string) => HttpRequest,
): Promise<{ wire?: WireRequest; stderr: string }> {
  const dir = await Deno.makeTempDir({ prefix: "switchyard-as-is-" });
  try {
    const { result, requests } = await captureEach(1, async ([origin]) => {
      const { code } = generateCode(request(origin), { target: id });
      if (id === "curl") {
        return (await RUNNERS.curl.run([code])).err;
      }
      return await AS_IS[id](dir, code);
    });
    return { wire: requests[0][0], stderr: result };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

for (const id of Object.keys(AS_IS)) {
  const name =
    `${id}: run as is (one file, its own process), URL credentials, a lower-case method and a body arrive as curl sends them`;
  const ignore = needs(name, "curl").ignore ||
    await skipReason(id) !== undefined;
  Deno.test({ name, ignore }, async () => {
    const request = (origin: string): HttpRequest => ({
      method: "patch",
      url: origin.replace("//", "//us%3Aer:p%40ss%C3%A9@") + "/x?q=a|b",
      headers: { "content-type": "text/plain", "x-a": "#{x} \\u0022" },
      body: 'Zoë "1"\n',
    });
    const curl = await sent("curl", request);
    assert.ok(curl.wire, curl.stderr);
    const got = await sent(id, request);
    assert.ok(got.wire, got.stderr);
    assert.match(
      got.wire.headers.find(([n]) => n.toLowerCase() === "authorization")
        ?.[1] ?? "",
      /^Basic /,
    );
    assert.deepEqual(
      wireDifferences(got.wire, curl.wire, request(""), RUNNERS[id].defaults),
      [],
    );
  });
}

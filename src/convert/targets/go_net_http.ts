// Go's net/http: http.NewRequest, req.Header.Set (Add for a name that
// repeats, which net/http sends line by line) and the default client, as
// curlconverter's and httpsnippet's users expect. net/http writes some
// headers itself whatever the header map says (Host, Content-Length,
// Transfer-Encoding, Trailer, User-Agent): those are expressed through the
// request's fields or refused when no field can send them as given.
import type { HttpRequest } from "../types.ts";
import { utf8ByteLength } from "../_utf8.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { type TargetRequest, targetRequest, unsupported } from "./_request.ts";
import { goString, goText, goUrl } from "./_go.ts";

const TITLE = "Go net/http";

// httpguts.ValidHeaderFieldValue: no control character but HTAB.
// deno-lint-ignore no-control-regex
const GO_INVALID_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;

/** The Content-Length net/http sends (transferWriter.shouldSendContentLength). */
function goContentLength(method: string, body: string | undefined) {
  const length = body === undefined ? 0 : utf8ByteLength(body);
  if (length > 0) return String(length);
  // "Many servers expect a Content-Length for these methods."
  if (method === "POST" || method === "PUT" || method === "PATCH") return "0";
  return undefined;
}

function valuesOf(request: TargetRequest, name: string): string[] {
  return request.headers.filter(([n]) => n.toLowerCase() === name)
    .map(([, value]) => value);
}

/**
 * The name as Header.Set writes it anyway (textproto's canonical form:
 * `content-type` → `Content-Type`), so that the code reads as Go users write
 * it and what it shows is what goes out.
 */
function canonical(name: string): string {
  return name.toLowerCase().replace(
    /(^|-)([a-z])/g,
    (_, dash, letter) => dash + letter.toUpperCase(),
  );
}

/** Refusals for what net/http cannot send as the request has it. */
function checkGo(request: TargetRequest): void {
  if (!/^https?:\/\//i.test(request.url)) {
    unsupported(TITLE, `net/http's client speaks http and https only`);
  }
  if (request.method === "CONNECT") {
    unsupported(
      TITLE,
      "net/http sends CONNECT with the host as its target (a proxy tunnel), not the URL's path",
    );
  }
  for (const [name, value] of request.headers) {
    if (GO_INVALID_VALUE.test(value)) {
      unsupported(
        TITLE,
        `net/http refuses a control character in a header value (${name})`,
      );
    }
  }
  const hosts = valuesOf(request, "host");
  if (hosts.length > 1 || hosts[0] === "") {
    unsupported(
      TITLE,
      "net/http sends one Host, from req.Host; the request has several or an empty one",
    );
  }
  const agents = valuesOf(request, "user-agent");
  if (agents.length > 1 || agents[0] === "") {
    unsupported(
      TITLE,
      "net/http sends the first User-Agent only, and none for an empty one",
    );
  }
  for (const name of ["transfer-encoding", "trailer"]) {
    if (valuesOf(request, name).length > 0) {
      unsupported(
        TITLE,
        `net/http writes ${name} itself and drops the request's header`,
      );
    }
  }
  const lengths = valuesOf(request, "content-length");
  const sent = goContentLength(request.method, request.body);
  if (lengths.length === 1 && lengths[0] === "0" && sent === undefined) {
    // A browser's "Content-Length: 0" on a body-less DELETE: no body either
    // way, but net/http states no length for it.
    request.warnings.push({
      code: "HEADER_SET_BY_CLIENT",
      message:
        `net/http states no Content-Length for a ${request.method} without a body; the request's "0" is not sent`,
      header: "content-length",
    });
  } else if (
    lengths.length > 0 && (lengths.length > 1 || lengths[0] !== sent)
  ) {
    unsupported(
      TITLE,
      `net/http states the body's own length (${
        sent ?? "none"
      }), not the request's Content-Length ${lengths.join(", ")}`,
    );
  }
}

/** A warning unless net/http speaks the version the request asks for. */
function checkVersion(request: TargetRequest): void {
  const version = request.httpVersion?.replace(/^HTTP\//i, "");
  if (version === undefined || version === "1.1") return;
  // Over TLS the default client negotiates HTTP/2 itself, as curl does.
  if (/^2(\.0)?$/.test(version) && /^https:/i.test(request.url)) return;
  request.warnings.push({
    code: "HTTP_VERSION_IGNORED",
    message: /^2/.test(version)
      ? `${TITLE} speaks HTTP/2 over TLS only; this http:// request goes out as HTTP/1.1`
      : `${TITLE} sends HTTP/1.1; the request asked for HTTP/${version}`,
  });
}

function generate(plain: HttpRequest): CodeResult {
  // net/http sends the method as written and each header line of Add.
  const request = targetRequest(plain, { title: TITLE });
  checkGo(request);
  checkVersion(request);
  const hasBody = request.body !== undefined;
  const imports = ['"fmt"', '"io"', '"log"', '"net/http"'];
  if (hasBody) imports.push('"strings"');
  let code = `package main\n\nimport (\n${
    imports.map((name) => `\t${name}\n`).join("")
  })\n\nfunc main() {\n`;
  if (hasBody) {
    code += `\tbody := strings.NewReader(${goText(request.body!)})\n`;
  }
  code +=
    `\treq, err := http.NewRequest(${goString(request.method)}, ${
      goString(goUrl(request.url))
    }, ${hasBody ? "body" : "nil"})\n` +
    "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n";
  const counts = new Map<string, number>();
  for (const [name] of request.headers) {
    const key = name.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    // net/http computes the length from the body (checked equal above).
    if (key === "content-length") continue;
    if (key === "host") {
      code += `\treq.Host = ${goString(value)}\n`;
      continue;
    }
    const call = counts.get(key)! > 1 ? "Add" : "Set";
    code += `\treq.Header.${call}(${goString(canonical(name))}, ${
      goString(value)
    })\n`;
  }
  code += "\tresp, err := http.DefaultClient.Do(req)\n" +
    "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n" +
    "\tdefer resp.Body.Close()\n" +
    "\ttext, err := io.ReadAll(resp.Body)\n" +
    "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n" +
    '\tfmt.Printf("%s\\n", text)\n}\n';
  return { code, warnings: request.warnings };
}

/**
 * Go with the standard library's `net/http`.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const goNetHttp = findTarget("go-net-http");
 * const { code } = goNetHttp.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.includes('http.NewRequest("GET", "https://a.test/", nil)')); // true
 * ```
 */
export const goNetHttp: CodeTarget = {
  id: "go-net-http",
  language: "Go",
  title: TITLE,
  generate,
};

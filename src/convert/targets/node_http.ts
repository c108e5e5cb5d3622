// Node's node:http / node:https: http.request with a headers object (or a
// flat [name, value, …] list when a name repeats, which Node sends line by
// line), the body given to end() so that Node sends a Content-Length.
import type { HttpRequest } from "../types.ts";
import { jsString } from "../_js_string.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import {
  escapePathBackslashes,
  isNonAscii,
  onlyHttp1,
  removesDotSegments,
  requestTarget,
  targetRequest,
} from "./_request.ts";
import { jsKey, nodeHeaderValue } from "./_node.ts";

const TITLE = "Node.js http";

function generate(plain: HttpRequest): CodeResult {
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
  });
  onlyHttp1(request, TITLE);
  const module = /^https:/i.test(request.url) ? "https" : "http";
  const names = request.headers.map(([name]) => name.toLowerCase());
  const repeated = new Set(names).size !== names.length;
  const options: string[] = [`  method: ${jsString(request.method)},\n`];
  // Node reads the URL as a WHATWG URL, which removes the path's `.` and
  // `..` segments (`%2e` ones too) and reads a `\` as `/`; a `path` option
  // is sent as written, so such a path goes there.
  const url = escapePathBackslashes(request.url);
  if (url !== request.url || removesDotSegments(url, "dots and %2e")) {
    options.push(`  path: ${jsString(requestTarget(request.url))},\n`);
  }
  const items = request.headers.map(([name, value]) =>
    repeated
      ? `    ${jsString(name)}, ${nodeHeaderValue(value)},\n`
      : `    ${jsKey(name)}: ${nodeHeaderValue(value)},\n`
  );
  // Node frames a body by itself only for some methods and header forms
  // (chunked with a header list; not at all on GET, the body following the
  // head unframed): the length is stated, as curl does.
  const framed = request.body === undefined ||
    names.includes("content-length") || names.includes("transfer-encoding");
  if (!framed) {
    items.push(
      repeated
        ? `    "Content-Length", Buffer.byteLength(body),\n`
        : `    "Content-Length": Buffer.byteLength(body),\n`,
    );
  }
  if (items.length > 0) {
    const [open, close] = repeated ? ["[", "]"] : ["{", "}"];
    options.push(`  headers: ${open}\n${items.join("")}  ${close},\n`);
  }
  let code = `import ${module} from "node:${module}";\n\n`;
  if (request.body !== undefined) {
    // Node writes the head as Latin-1, except that a string body sent with
    // it is written together as UTF-8 (a Latin-1 header value would be
    // encoded twice): with a non-ASCII header value the body is bytes.
    const latin1Head = request.headers.some(([, value]) => isNonAscii(value));
    code += latin1Head
      ? `const body = Buffer.from(${jsString(request.body)});\n`
      : `const body = ${jsString(request.body)};\n`;
  }
  code +=
    `const request = ${module}.request(${jsString(request.url)}, {\n${
      options.join("")
    }}, (response) => {\n` +
    `  let text = "";\n` +
    `  response.setEncoding("utf8");\n` +
    `  response.on("data", (chunk) => (text += chunk));\n` +
    `  response.on("end", () => console.log(text));\n` +
    `});\n` +
    `request.on("error", (error) => console.error(error));\n`;
  code += request.body === undefined
    ? "request.end();\n"
    : "request.end(body);\n";
  return { code, warnings: request.warnings };
}

/**
 * Node.js `node:http` (or `node:https` for an https URL).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const nodeHttp = findTarget("node-http");
 * const { code } = nodeHttp.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.startsWith('import https from "node:https";')); // true
 * ```
 */
export const nodeHttp: CodeTarget = {
  id: "node-http",
  language: "JavaScript",
  title: TITLE,
  generate,
};

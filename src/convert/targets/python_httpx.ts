// Python `httpx`: headers as a list of pairs when a name repeats (httpx sends
// each pair), `content=` for the body.
import type { HttpRequest } from "../types.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { onlyHttp1, targetRequest } from "./_request.ts";
import { pyHeaders, pyString } from "./_python.ts";

const TITLE = "Python httpx";
// httpx.get/head/options/delete take no content; post/put/patch do.
const WITH_CONTENT = new Set(["POST", "PUT", "PATCH"]);
const WITHOUT_CONTENT = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

function generate(plain: HttpRequest): CodeResult {
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
    removesDotSegments: "dots",
  });
  onlyHttp1(request, TITLE);
  const names = request.headers.map(([name]) => name.toLowerCase());
  const repeated = new Set(names).size !== names.length;
  let code = "import httpx\n\n";
  code += `url = ${pyString(request.url)}\n`;
  const headers = pyHeaders(request, repeated);
  code += headers;
  const args = ["url"];
  if (headers !== "") args.push("headers=headers");
  const hasBody = request.body !== undefined;
  if (hasBody) {
    // A str is sent as its UTF-8 bytes.
    code += `content = ${pyString(request.body!)}\n`;
    args.push("content=content");
  }
  const method = request.method;
  const helper = hasBody
    ? WITH_CONTENT.has(method)
    : WITH_CONTENT.has(method) || WITHOUT_CONTENT.has(method);
  const call = helper
    ? `httpx.${method.toLowerCase()}(${args.join(", ")})`
    : `httpx.request(${pyString(method)}, ${args.join(", ")})`;
  code += `\nresponse = ${call}\nprint(response.text)\n`;
  return { code, warnings: request.warnings };
}

/**
 * Python with the `httpx` library.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const pythonHttpx = findTarget("python-httpx");
 * const { code } = pythonHttpx.generate({ method: "DELETE", url: "https://a.test/1", headers: {} }, {});
 * console.log(code.includes("httpx.delete(url)")); // true
 * ```
 */
export const pythonHttpx: CodeTarget = {
  id: "python-httpx",
  language: "Python",
  title: TITLE,
  generate,
};

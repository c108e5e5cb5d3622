// Python `requests`: a dict of headers (the client sends each name once) and
// `data=` for the body, as curlconverter's and httpsnippet's users expect.
import type { HttpRequest } from "../types.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { onlyHttp1, targetRequest } from "./_request.ts";
import { pyHeaders, pyString, pyWireText } from "./_python.ts";

const TITLE = "Python requests";
// requests.get/post/… exist for these; any other token goes through request().
const HELPERS = new Set([
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
]);

function generate(plain: HttpRequest): CodeResult {
  // requests upper-cases the method and keeps one value per header name.
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
    // requests also decodes a %2e to `.` before sending (its URL requoting
    // unquotes unreserved characters), so /a/%2e%2e/b goes out as /a/../b.
    removesDotSegments: "dots and %2e",
    oneValuePerName: true,
  });
  onlyHttp1(request, TITLE);
  let code = "import requests\n\n";
  code += `url = ${pyString(request.url)}\n`;
  const headers = pyHeaders(request, false);
  code += headers;
  const args = ["url"];
  if (headers !== "") args.push("headers=headers");
  if (request.body !== undefined) {
    code += `data = ${pyWireText(request.body)}\n`;
    args.push("data=data");
  }
  // requests.head() alone does not follow redirects; curl follows none.
  const call = HELPERS.has(request.method)
    ? `requests.${request.method.toLowerCase()}(${args.join(", ")})`
    : `requests.request(${pyString(request.method)}, ${args.join(", ")})`;
  code += `\nresponse = ${call}\nprint(response.text)\n`;
  return { code, warnings: request.warnings };
}

/**
 * Python with the `requests` library.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const pythonRequests = findTarget("python-requests");
 * const { code } = pythonRequests.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.includes("requests.get(url)")); // true
 * ```
 */
export const pythonRequests: CodeTarget = {
  id: "python-requests",
  language: "Python",
  title: TITLE,
  generate,
};

// GNU Wget: `wget --quiet --output-document=- [--method=M] [--header=…]
// [--body-data=…] URL`. Wget replaces a header it already has by name and
// always states a Content-Type with a body.
import type { HttpRequest } from "../types.ts";
import { quoteShell } from "../_curl_generate.ts";
import type { CodeResult, CodeTarget, TargetOptions } from "./target.ts";
import { onlyHttp1, targetRequest } from "./_request.ts";

const TITLE = "wget";

function generate(plain: HttpRequest, options: TargetOptions): CodeResult {
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
    removesDotSegments: "dots",
    oneValuePerName: true,
  });
  onlyHttp1(request, TITLE);
  const words = ["--quiet", "--output-document=-"];
  if (request.method !== "GET" || request.body !== undefined) {
    words.push(`--method=${quoteShell(request.method, "method")}`);
  }
  for (const [name, value] of request.headers) {
    words.push(`--header=${quoteShell(`${name}: ${value}`, `header ${name}`)}`);
  }
  if (request.body !== undefined) {
    words.push(`--body-data=${quoteShell(request.body, "body")}`);
    const hasType = request.headers.some(([name]) =>
      name.toLowerCase() === "content-type"
    );
    if (!hasType) {
      request.warnings.push({
        code: "HEADER_SET_BY_CLIENT",
        message:
          "wget sends Content-Type: application/x-www-form-urlencoded with a body that has none",
        header: "content-type",
      });
    }
  }
  // wget reads an argument starting with - as an option: -- ends them.
  if (request.url.startsWith("-")) words.push("--");
  words.push(quoteShell(request.url, "URL"));
  const separator = options.pretty ? " \\\n  " : " ";
  return { code: "wget " + words.join(separator), warnings: request.warnings };
}

/**
 * GNU Wget (`pretty`: one option a line); the answer goes to standard output.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const wget = findTarget("wget");
 * const { code } = wget.generate({ method: "DELETE", url: "https://a.test/1", headers: {} }, {});
 * console.log(code); // "wget --quiet --output-document=- --method='DELETE' 'https://a.test/1'"
 * ```
 */
export const wget: CodeTarget = {
  id: "wget",
  language: "Shell",
  title: TITLE,
  generate,
};

// The curl command line of curl.fromRequest, as a target of the table.
import type { HttpRequest } from "../types.ts";
import { curlCommand } from "../_curl_generate.ts";
import type { CodeResult, CodeTarget, TargetOptions } from "./target.ts";
import { assertUrl } from "./_request.ts";

function generate(request: HttpRequest, options: TargetOptions): CodeResult {
  assertUrl(request.url);
  return { code: curlCommand(request, options.pretty ?? false), warnings: [] };
}

/**
 * curl, the command `curl.fromRequest` writes (`pretty`: one option a line).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const curl = findTarget("curl");
 * console.log(curl.generate({ method: "GET", url: "https://a.test/", headers: {} }, {}).code); // "curl 'https://a.test/'"
 * ```
 */
export const curl: CodeTarget = {
  id: "curl",
  language: "Shell",
  title: "curl",
  generate,
};

// PHP with the curl extension: curl_init and one curl_setopt_array, as
// curlconverter's and httpsnippet's users expect. The extension is libcurl,
// the library the curl command runs on, so the options are those of the
// curl target's command (a header line each, "Name;" for an empty value,
// "Content-Type:" to keep libcurl's form type off a body without one).
import type { HttpRequest } from "../types.ts";
import { COMPRESSED_ACCEPT_ENCODING } from "../_curl_command.ts";
import { hasDotSegments } from "../_curl_generate.ts";
import { isBlankHeaderValue } from "../_curl_options.ts";
import type { CodeResult, CodeTarget, TargetOptions } from "./target.ts";
import { targetRequest } from "./_request.ts";
import { phpString } from "./_php.ts";

const TITLE = "PHP curl";

/** The CURLOPT_HTTP_VERSION value for the request's version, if any. */
function versionOption(version: string | undefined): string | undefined {
  const digits = version?.replace(/^HTTP\//i, "");
  if (digits === "1.0") return "CURL_HTTP_VERSION_1_0";
  if (digits === "2" || digits === "2.0") return "CURL_HTTP_VERSION_2_0";
  // PHP names CURL_HTTP_VERSION_3 from 8.4 on; libcurl's value works in all.
  if (digits === "3" || digits === "3.0") return "30";
  return undefined;
}

function generate(plain: HttpRequest, _options: TargetOptions): CodeResult {
  // libcurl sends the method as written and every header line.
  const request = targetRequest(plain, { title: TITLE });
  const hasBody = request.body !== undefined;
  const options: Array<[string, string]> = [];
  if (request.method === "HEAD" && !hasBody) {
    // A custom HEAD would make libcurl wait for a body that never comes.
    options.push(["CURLOPT_NOBODY", "true"]);
  } else if (request.method !== (hasBody ? "POST" : "GET")) {
    options.push(["CURLOPT_CUSTOMREQUEST", phpString(request.method)]);
  }
  // libcurl removes . and .. segments from the path; the request has them.
  if (hasDotSegments(request.url)) options.push(["CURLOPT_PATH_AS_IS", "true"]);
  const version = versionOption(request.httpVersion);
  if (version !== undefined) options.push(["CURLOPT_HTTP_VERSION", version]);
  const encodings = request.headers.filter(([name]) =>
    name.toLowerCase() === "accept-encoding"
  );
  // curl's --compressed header: asked for the same way, so that libcurl
  // also decodes the answer.
  const compressed = encodings.length === 1 &&
    encodings[0][1] === COMPRESSED_ACCEPT_ENCODING;
  if (compressed) options.push(["CURLOPT_ENCODING", "''"]);
  const lines = request.headers
    .filter(([name]) =>
      !(compressed && name.toLowerCase() === "accept-encoding")
    )
    .map(([name, value]) =>
      phpString(isBlankHeaderValue(value) ? `${name};` : `${name}: ${value}`)
    );
  if (
    hasBody &&
    !request.headers.some(([name]) => name.toLowerCase() === "content-type")
  ) {
    lines.push("'Content-Type:'");
  }
  if (lines.length > 0) {
    options.push([
      "CURLOPT_HTTPHEADER",
      `[\n${lines.map((line) => `        ${line},\n`).join("")}    ]`,
    ]);
  }
  if (hasBody) options.push(["CURLOPT_POSTFIELDS", phpString(request.body!)]);
  options.push(["CURLOPT_RETURNTRANSFER", "true"]);
  const code = "<?php\n\n" +
    `$ch = curl_init(${phpString(request.url)});\n` +
    `curl_setopt_array($ch, [\n${
      options.map(([name, value]) => `    ${name} => ${value},\n`).join("")
    }]);\n` +
    "$response = curl_exec($ch);\n" +
    "if ($response === false) {\n" +
    "    throw new RuntimeException(curl_error($ch));\n" +
    "}\n" +
    "echo $response;\n";
  return { code, warnings: request.warnings };
}

/**
 * PHP with the curl extension (`curl_init`, `curl_setopt_array`).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const phpCurl = findTarget("php-curl");
 * const { code } = phpCurl.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.includes("$ch = curl_init('https://a.test/');")); // true
 * ```
 */
export const phpCurl: CodeTarget = {
  id: "php-curl",
  language: "PHP",
  title: TITLE,
  generate,
};

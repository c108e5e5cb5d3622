// Node with axios: one axios() call with a config object. axios keeps one
// value per header name and upper-cases the method; a string body would get
// a form content type, so a request without one says `Content-Type: false`
// (axios then sends none).
import type { HttpRequest } from "../types.ts";
import { jsString } from "../_js_string.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { escapePathBackslashes, onlyHttp1, targetRequest } from "./_request.ts";
import { jsKey, nodeHeaderValue } from "./_node.ts";

const TITLE = "Node.js axios";

function isJsonType(value: string | undefined): boolean {
  return value !== undefined && /[/+]json\b/i.test(value);
}

/** Whether axios sends `body` unchanged under a JSON content type. */
function sentAsIs(body: string): boolean {
  if (body !== body.trim()) return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

function generate(plain: HttpRequest): CodeResult {
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
    removesDotSegments: "dots and %2e",
    oneValuePerName: true,
  });
  onlyHttp1(request, TITLE);
  const fields: string[] = [
    `  method: ${jsString(request.method.toLowerCase())},\n`,
    // axios reads the URL as a WHATWG URL, where a path's `\` means `/`.
    `  url: ${jsString(escapePathBackslashes(request.url))},\n`,
  ];
  const headers = request.headers.map(([name, value]) =>
    `    ${jsKey(name)}: ${nodeHeaderValue(value)},\n`
  );
  const contentType = request.headers.find(([name]) =>
    name.toLowerCase() === "content-type"
  )?.[1];
  // axios states a form type for a string body and for any POST, PUT or
  // PATCH; `false` keeps it from adding one.
  const typed = request.body !== undefined ||
    ["POST", "PUT", "PATCH"].includes(request.method);
  if (typed && contentType === undefined) {
    headers.push(`    "Content-Type": false,\n`);
  }
  if (headers.length > 0) {
    fields.push(`  headers: {\n${headers.join("")}  },\n`);
  }
  if (request.body !== undefined) {
    fields.push(`  data: ${jsString(request.body)},\n`);
    // With a JSON type axios sends a string that parses as JSON trimmed,
    // and JSON-encodes one that does not ("a" becomes "\"a\""): the
    // identity transform sends it as written.
    if (isJsonType(contentType) && !sentAsIs(request.body)) {
      fields.push(`  transformRequest: [(data) => data],\n`);
    }
  }
  const code = `import axios from "axios";\n\n` +
    `const response = await axios({\n${fields.join("")}});\n` +
    `console.log(response.data);\n`;
  return { code, warnings: request.warnings };
}

/**
 * Node.js with axios (an ES module: top-level `await`).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const nodeAxios = findTarget("node-axios");
 * const { code } = nodeAxios.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.includes('method: "get"')); // true
 * ```
 */
export const nodeAxios: CodeTarget = {
  id: "node-axios",
  language: "JavaScript",
  title: TITLE,
  generate,
};

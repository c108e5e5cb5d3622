// Ruby's standard net/http: a request object of the method's class, its
// headers set one by one, run inside Net::HTTP.start — what curlconverter's
// and httpsnippet's Ruby users paste.
import type { HttpRequest } from "../types.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { onlyHttp1, targetRequest } from "./_request.ts";
import { basicAuthorization, strictUrl } from "./_strict_url.ts";
import { rbString } from "./_ruby.ts";

const TITLE = "Ruby net/http";

// Net::HTTP's request classes; any other method (a lower-case one too, which
// net/http sends as written) is a Net::HTTPGenericRequest.
const CLASSES: Readonly<Record<string, string>> = {
  GET: "Get",
  POST: "Post",
  PUT: "Put",
  PATCH: "Patch",
  DELETE: "Delete",
  HEAD: "Head",
  OPTIONS: "Options",
  TRACE: "Trace",
};
// The classes whose request net/http gives an empty body when none is set.
const BODY_CLASSES = new Set(["POST", "PUT", "PATCH"]);

function generate(plain: HttpRequest): CodeResult {
  // net/http joins a repeated name's values with ", " into one line.
  const request = targetRequest(plain, {
    title: TITLE,
    oneValuePerName: true,
  });
  onlyHttp1(request, TITLE);
  const { url, credentials } = strictUrl(request.url, TITLE);
  const method = request.method;
  const known = Object.hasOwn(CLASSES, method) ? CLASSES[method] : undefined;
  let code = `require "net/http"\n\nuri = URI(${rbString(url)})\n`;
  code += known
    ? `request = Net::HTTP::${known}.new(uri)\n`
    : `request = Net::HTTPGenericRequest.new(${rbString(method)}, ${
      request.body !== undefined
    }, true, uri)\n`;
  if (credentials && basicAuthorization(credentials, request.headers)) {
    code += `request.basic_auth(${rbString(credentials.user)}, ${
      rbString(credentials.password)
    })\n`;
  }
  for (const [name, value] of request.headers) {
    code += `request[${rbString(name)}] = ${rbString(value)}\n`;
  }
  if (request.body !== undefined) {
    code += `request.body = ${rbString(request.body)}\n`;
  }
  // net/http states the body's own length and sends no Transfer-Encoding
  // beside a string body.
  if (request.body !== undefined) {
    for (const [name] of request.headers) {
      const key = name.toLowerCase();
      if (key === "content-length" || key === "transfer-encoding") {
        request.warnings.push({
          code: "HEADER_SET_BY_CLIENT",
          message:
            `net/http frames the body itself; the request's ${name} is not sent as given`,
          header: key,
        });
      }
    }
  }
  // net/http states a form Content-Type for any body without one, and a
  // POST/PUT/PATCH always has a body (an empty one when none is set).
  const hasType = request.headers.some(([name]) =>
    name.toLowerCase() === "content-type"
  );
  if (
    !hasType &&
    (request.body !== undefined || (known && BODY_CLASSES.has(method)))
  ) {
    request.warnings.push({
      code: "HEADER_SET_BY_CLIENT",
      message:
        "net/http sends Content-Type: application/x-www-form-urlencoded with a body that has no type",
      header: "content-type",
    });
  }
  const ssl = /^https:/i.test(url) ? ", use_ssl: true" : "";
  code +=
    `\nresponse = Net::HTTP.start(uri.hostname, uri.port${ssl}) do |http|\n` +
    `  http.request(request)\nend\nputs response.body\n`;
  return { code, warnings: request.warnings };
}

/**
 * Ruby with the standard library's `net/http`.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const ruby = findTarget("ruby-net-http");
 * const { code } = ruby.generate({ method: "GET", url: "https://a.test/", headers: {} }, {});
 * console.log(code.includes("request = Net::HTTP::Get.new(uri)")); // true
 * ```
 */
export const rubyNetHttp: CodeTarget = {
  id: "ruby-net-http",
  language: "Ruby",
  title: TITLE,
  generate,
};

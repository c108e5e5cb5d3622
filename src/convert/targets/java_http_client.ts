// Java 11+ java.net.http.HttpClient: one HttpRequest built with a builder
// chain, in a class with a main method (`java Main.java` runs it as is).
import type { HttpRequest } from "../types.ts";
import type { CodeResult, CodeTarget } from "./target.ts";
import { isNonAscii, targetRequest, unsupported } from "./_request.ts";
import { basicAuthorization, strictUrl } from "./_strict_url.ts";
import { javaString } from "./_java.ts";

const TITLE = "Java HttpClient";

// Header names HttpClient refuses ("restricted header name"): it writes them
// itself (Host from the URI, the body's length, its own Connection).
const RESTRICTED = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "upgrade",
]);

const NO_BODY = "HttpRequest.BodyPublishers.noBody()";

/** The builder call that sets the method and the body. */
function methodCall(method: string, body: string | undefined): string {
  const publisher = body === undefined
    ? NO_BODY
    : `HttpRequest.BodyPublishers.ofString(${javaString(body)})`;
  if (method === "GET" && body === undefined) return ""; // the default
  if (method === "DELETE" && body === undefined) return ".DELETE()";
  if (method === "POST" || method === "PUT") return `.${method}(${publisher})`;
  return `.method(${javaString(method)}, ${publisher})`;
}

function generate(plain: HttpRequest): CodeResult {
  const request = targetRequest(plain, { title: TITLE });
  // HttpClient joins repeated Cookie headers into one line with "; " (it
  // sends any other repeated name line by line).
  const cookies = request.headers.filter(([name]) =>
    name.toLowerCase() === "cookie"
  );
  if (cookies.length > 1) {
    unsupported(
      TITLE,
      `HttpClient joins repeated Cookie headers into one line, so the ${cookies.length} Cookie lines cannot be sent as separate lines (join them with "; ")`,
    );
  }
  const { url, credentials } = strictUrl(request.url, TITLE);
  if (request.method === "CONNECT") {
    unsupported(TITLE, "HttpClient does not support the CONNECT method");
  }
  const lines: string[] = [];
  const version = request.httpVersion?.replace(/^HTTP\//i, "");
  if (version !== undefined && version.startsWith("1")) {
    // Else HttpClient offers an h2c upgrade (its own default, like curl's
    // --http2) or negotiates HTTP/2 over TLS.
    lines.push(".version(HttpClient.Version.HTTP_1_1)");
  }
  if (version === "1.0" || version?.startsWith("3")) {
    request.warnings.push({
      code: "HTTP_VERSION_IGNORED",
      message:
        `${TITLE} speaks HTTP/1.1 and HTTP/2; the request asked for HTTP/${version}`,
    });
  }
  if (credentials) {
    const basic = basicAuthorization(credentials, request.headers);
    if (basic) {
      lines.push(`.header("Authorization", ${javaString(basic)})`);
    }
  }
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    if (RESTRICTED.has(key)) {
      request.warnings.push({
        code: "HEADER_SET_BY_CLIENT",
        message: `HttpClient sets ${name} itself and refuses it in a request`,
        header: key,
      });
      continue;
    }
    // HttpClient writes header values as ASCII (é becomes "?") and throws
    // on a control character.
    if (isNonAscii(value)) {
      unsupported(
        TITLE,
        `HttpClient writes header values as ASCII, so the UTF-8 text of ${name} cannot be sent`,
      );
    }
    // deno-lint-ignore no-control-regex
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) {
      unsupported(
        TITLE,
        `HttpClient refuses a control character in the value of ${name}`,
      );
    }
    lines.push(`.header(${javaString(name)}, ${javaString(value)})`);
  }
  const call = methodCall(request.method, request.body);
  if (call !== "") lines.push(call);
  const chain = [
    `HttpRequest.newBuilder(URI.create(${javaString(url)}))`,
    ...lines.map((line) => `                ${line}`),
    "                .build();",
  ].join("\n");
  const code = `import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class Main {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = ${chain}
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.body());
    }
}
`;
  return { code, warnings: request.warnings };
}

/**
 * Java 11+ with `java.net.http.HttpClient`: a `Main` class to run with
 * `java Main.java`.
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const java = findTarget("java-http-client");
 * const { code } = java.generate({ method: "DELETE", url: "https://a.test/1", headers: {} }, {});
 * console.log(code.includes(".DELETE()")); // true
 * ```
 */
export const javaHttpClient: CodeTarget = {
  id: "java-http-client",
  language: "Java",
  title: TITLE,
  generate,
};

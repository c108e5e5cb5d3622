// HTTPie: `http [--raw BODY] METHOD URL Name:value…`. Header items are
// parsed by HTTPie's item syntax, so every separator character in a value is
// escaped with a backslash; the body goes through --raw, sent as it is.
import type { HttpRequest } from "../types.ts";
import { hasDotSegments, quoteShell } from "../_curl_generate.ts";
import type { CodeResult, CodeTarget, TargetOptions } from "./target.ts";
import { onlyHttp1, targetRequest, unsupported } from "./_request.ts";

const TITLE = "HTTPie";
// The characters of HTTPie's item separators (: ; = @ and the ones built of
// them, := == =@ :=@ :@ ==@).
const SEPARATOR_CHARS = /[:;=@]/g;

function headerItem(name: string, value: string): string {
  // "Name;" sends an empty header; "Name:" would remove a default one.
  if (value === "") return `${name};`;
  // HTTPie reads "\\" followed by a separator as an escaped separator and
  // has no way to write a backslash right before one.
  if (/\\[:;=@]/.test(value)) {
    unsupported(
      TITLE,
      `the value of ${name} has a backslash before one of : ; = @, which HTTPie's item syntax cannot write`,
    );
  }
  return `${name}:${value.replace(SEPARATOR_CHARS, (c) => "\\" + c)}`;
}

function generate(plain: HttpRequest, options: TargetOptions): CodeResult {
  const request = targetRequest(plain, {
    title: TITLE,
    upperCasesMethod: true,
  });
  onlyHttp1(request, TITLE);
  // HTTPie takes a first word of letters only as the method (else as the URL).
  if (!/^[A-Z]+$/.test(request.method)) {
    unsupported(
      TITLE,
      `HTTPie reads only letters as a method, not ${
        JSON.stringify(request.method)
      }`,
    );
  }
  const words: string[] = [];
  if (hasDotSegments(request.url)) words.push("--path-as-is");
  if (request.body !== undefined) {
    // --raw=…: a body starting with "-" is still the option's value.
    words.push(`--raw=${quoteShell(request.body, "body")}`);
  }
  const defaultMethod = request.body === undefined ? "GET" : "POST";
  if (request.method !== defaultMethod || request.body !== undefined) {
    words.push(request.method);
  }
  words.push(quoteShell(request.url, "URL"));
  for (const [name, value] of request.headers) {
    words.push(quoteShell(headerItem(name, value), `header ${name}`));
  }
  const hasType = request.headers.some(([name]) =>
    name.toLowerCase() === "content-type"
  );
  // With a body HTTPie would add Content-Type: application/json.
  if (request.body !== undefined && !hasType) words.push("'Content-Type:'");
  const separator = options.pretty ? " \\\n  " : " ";
  return { code: "http " + words.join(separator), warnings: request.warnings };
}

/**
 * HTTPie's `http` command (`pretty`: one word a line).
 *
 * @example Usage
 * ```ts
 * import { findTarget } from "@switchyard/switchyard/code";
 * const httpie = findTarget("httpie");
 * const { code } = httpie.generate({ method: "GET", url: "https://a.test/", headers: { accept: "x/y" } }, {});
 * console.log(code); // "http 'https://a.test/' 'accept:x/y'"
 * ```
 */
export const httpie: CodeTarget = {
  id: "httpie",
  language: "Shell",
  title: TITLE,
  generate,
};

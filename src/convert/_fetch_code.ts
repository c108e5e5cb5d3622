// The fetch() code generator as a synchronous function of a plain request,
// so that curl.toFetchCode (synchronous in the spec) and fetch.toCode
// (asynchronous only because it may read a native Request) share one
// generator.
import type { HeaderMap, HttpRequest } from "./types.ts";
import { headerEntries } from "./_message.ts";
import { jsString } from "./_js_string.ts";
import { checkSendableRequest } from "./_sendable.ts";

/** Headers for fetch: an object, or pairs when a name repeats. */
export function fetchHeaders(
  headers: HeaderMap,
): Record<string, string> | Array<[string, string]> {
  const entries = headerEntries(headers).map(([name, value]) =>
    [name.toLowerCase(), value] as [string, string]
  );
  const names = new Set(entries.map(([name]) => name));
  if (names.size !== entries.length) return entries;
  const object: Record<string, string> = {};
  for (const [name, value] of entries) {
    Object.defineProperty(object, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/**
 * A key of an object literal. `"__proto__": v` (quoted or not) sets the
 * prototype instead of creating a property, so that one name is written
 * computed, `["__proto__"]: v`, which creates an ordinary own property.
 */
function propertyKey(name: string): string {
  return name === "__proto__" ? `[${jsString(name)}]` : jsString(name);
}

function initLiteral(request: HttpRequest, pretty: boolean): string {
  const fields: string[] = [];
  if (request.method !== "GET") {
    fields.push(`method: ${jsString(request.method)}`);
  }
  const headers = fetchHeaders(request.headers);
  const headerItems = Array.isArray(headers)
    ? headers.map(([name, value]) => `[${jsString(name)}, ${jsString(value)}]`)
    : Object.entries(headers).map(([name, value]) =>
      `${propertyKey(name)}: ${jsString(value)}`
    );
  if (headerItems.length > 0) {
    const [open, close] = Array.isArray(headers) ? ["[", "]"] : ["{", "}"];
    fields.push(
      pretty
        ? `headers: ${open}\n${
          headerItems.map((item) => `    ${item},\n`).join("")
        }  ${close}`
        : `headers: ${open} ${headerItems.join(", ")} ${close}`,
    );
  }
  if (request.body !== undefined) {
    fields.push(`body: ${jsString(request.body)}`);
  }
  if (fields.length === 0) return "";
  return pretty
    ? `, {\n${fields.map((field) => `  ${field},\n`).join("")}}`
    : `, { ${fields.join(", ")} }`;
}

/** fetch() source for a plain request; `pretty` defaults to true. */
export function fetchCode(
  plain: HttpRequest,
  options: { pretty?: boolean; async?: boolean } = {},
): string {
  checkSendableRequest(plain);
  const pretty = options.pretty ?? true;
  const call = `fetch(${jsString(plain.url)}${initLiteral(plain, pretty)})`;
  if (options.async) {
    return `const response = await ${call};\n` +
      "const text = await response.text();\n" +
      "console.log(text);\n";
  }
  const steps = [
    ".then((response) => response.text())",
    ".then((text) => console.log(text))",
    ".catch((error) => console.error(error));",
  ];
  return pretty
    ? `${call}\n${steps.map((step) => `  ${step}\n`).join("")}`
    : `${call}${steps.join("")}\n`;
}

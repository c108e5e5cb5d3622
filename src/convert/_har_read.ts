// Reading HAR: entries from any exporter to plain requests and responses.
// Input is untyped JSON, so every field is checked where it is read and a
// wrong one throws INVALID_HAR naming its path relative to the argument.
import { appendHeader, getHeader } from "./_message.ts";
import { decodeBase64, decodeUtf8, latin1String, utf8Bytes } from "./_bytes.ts";
import { cookieHeader } from "./_har_cookies.ts";
import {
  boundaryOf,
  mediaType,
  mergeQuery,
  multipartBody,
  urlencodedBody,
  withBoundary,
} from "./_har_form.ts";
import { checkSendableHeaders, checkSendableRequest } from "./_sendable.ts";
import { ConversionError } from "./errors.ts";
import type { HarExchange, HarNameValue, HarParam } from "./har_types.ts";
import type { HeaderMap, HttpRequest, HttpResponse } from "./types.ts";

type Json = Record<string, unknown>;

// Used when params-only multipart postData names no boundary anywhere.
const MULTIPART_BOUNDARY = "----SwitchyardFormBoundary7MA4YWxkTrZu0gW";

/** The request of an entry, or of a bare HAR request object. */
export function readEntryRequest(entry: unknown): HttpRequest {
  const [request, path] = locateRequest(entry, "");
  return readRequest(request, path);
}

/** The response of an entry, or of a bare HAR response object. */
export function readEntryResponse(entry: unknown): HttpResponse {
  const object = objectAt(entry, "");
  if ("response" in object) return readResponse(object.response, "response");
  if ("status" in object) return readResponse(object, "");
  throw invalid("response", "the entry has no response");
}

/** The bytes of a content, a postData, or an entry's response content. */
export function readContentBytes(content: unknown): Uint8Array {
  let object = objectAt(content, "");
  let path = "";
  if ("response" in object) {
    path = "response.content";
    object = objectAt(objectAt(object.response, "response").content, path);
  }
  const text = optionalString(object, "text", path);
  if (text === undefined) return new Uint8Array(0);
  const encoding = optionalString(object, "encoding", path) ??
    optionalString(object, "_encoding", path);
  const decoded = decodeContentText(
    text,
    encoding,
    join(path, "text"),
    join(path, "encoding"),
  );
  return typeof decoded === "string" ? utf8Bytes(decoded) : decoded;
}

/** The request of every entry of a log (or of its JSON text). */
export function readLogRequests(har: unknown): HttpRequest[] {
  return entriesOf(har).map((entry, i) => {
    const [request, path] = locateRequest(entry, `log.entries[${i}]`);
    return readRequest(request, path);
  });
}

/** The request and response of every entry of a log (or of its JSON text). */
export function readLogExchanges(har: unknown): HarExchange[] {
  return entriesOf(har).map((entry, i) => {
    const path = `log.entries[${i}]`;
    const [request, requestPath] = locateRequest(entry, path);
    return {
      request: readRequest(request, requestPath),
      response: readResponse((entry as Json).response, join(path, "response")),
    };
  });
}

/**
 * Version digits of `HTTP/1.1`, `http/2.0`, `h2`, `h3`, `HTTP/3`…, or
 * `undefined` for unknown forms such as `""` or `unknown`.
 */
export function normalizeVersion(version: string): string | undefined {
  const text = version.trim().toLowerCase();
  if (text === "h2" || text === "h2c" || text === "spdy/3.1") return "2";
  if (text === "h3" || text.startsWith("h3-")) return "3";
  const match = /^(?:https?\/)?(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const digits = match[1];
  if (digits === "2.0" || digits === "3.0") return digits[0];
  return digits;
}

// ------------------------------------------------------------ entries

function entriesOf(har: unknown): unknown[] {
  const root = objectAt(parseHarText(har), "");
  const log = objectAt(root.log, "log");
  const entries = log.entries;
  if (!Array.isArray(entries)) {
    throw invalid("log.entries", `expected an array, got ${describe(entries)}`);
  }
  return entries;
}

function parseHarText(har: unknown): unknown {
  if (typeof har !== "string") return har;
  try {
    return JSON.parse(har);
  } catch (cause) {
    throw new ConversionError({
      code: "INVALID_HAR",
      message: `HAR text is not JSON: ${(cause as Error).message}`,
      cause,
    });
  }
}

/** Where the request of an entry-or-request argument lives. */
function locateRequest(value: unknown, path: string): [unknown, string] {
  const object = objectAt(value, path);
  if ("request" in object) return [object.request, join(path, "request")];
  if ("log" in object) {
    throw invalid(path, "this is a HAR log; use toRequests() for logs");
  }
  if ("method" in object && "url" in object) return [object, path];
  throw invalid(join(path, "request"), "the entry has no request");
}

function readRequest(value: unknown, path: string): HttpRequest {
  const har = objectAt(value, path);
  const method = stringAt(har.method, join(path, "method"));
  if (method === "") throw invalid(join(path, "method"), "method is empty");
  const rawUrl = stringAt(har.url, join(path, "url"));
  if (rawUrl === "") throw invalid(join(path, "url"), "url is empty");
  const headers = readHeaders(har, path);
  const cookies = arrayAt(har, "cookies", path);
  if (headers["cookie"] === undefined && cookies.length > 0) {
    headers["cookie"] = cookieHeader(pairsAt(har, "cookies", path));
  }
  const request: HttpRequest = {
    method,
    url: mergeQuery(
      rawUrl,
      pairsAt(har, "queryString", path),
      join(path, "queryString"),
    ),
    headers,
  };
  const version = optionalString(har, "httpVersion", path);
  const digits = version === undefined ? undefined : normalizeVersion(version);
  if (digits !== undefined) request.httpVersion = digits;
  if (har.postData !== undefined && har.postData !== null) {
    const body = readPostData(har.postData, join(path, "postData"), headers);
    if (body !== undefined) request.body = body;
  }
  // A hostile HAR must not feed a writer a line the request did not have.
  return checkSendableRequest(request);
}

function readResponse(value: unknown, path: string): HttpResponse {
  const har = objectAt(value, path);
  const status = har.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0) {
    throw invalid(
      join(path, "status"),
      `expected a non-negative integer, got ${
        JSON.stringify(status) ?? "undefined"
      }`,
    );
  }
  const headers = readHeaders(har, path);
  checkSendableHeaders(headers);
  const version = optionalString(har, "httpVersion", path) ?? "";
  const response: HttpResponse = {
    statusCode: status,
    statusText: optionalString(har, "statusText", path) ?? "",
    httpVersion: normalizeVersion(version) ?? "1.1",
    headers,
  };
  const bytes = readContent(har, path);
  if (bytes !== undefined) {
    response.body = typeof bytes === "string" ? bytes : bytesToBody(bytes);
  }
  return response;
}

function readHeaders(har: Json, path: string): HeaderMap {
  const headers: HeaderMap = {};
  for (const { name, value } of pairsAt(har, "headers", path)) {
    // HTTP/2 pseudo-headers are not headers; method and url carry them.
    if (name.startsWith(":")) continue;
    appendHeader(headers, name, value);
  }
  return headers;
}

// ------------------------------------------------------------ bodies

/**
 * The body of a postData: `text` wins, `params` alone are rebuilt. Sets the
 * content-type header from the mimeType when the headers have none.
 */
function readPostData(
  value: unknown,
  path: string,
  headers: HeaderMap,
): string | undefined {
  const postData = objectAt(value, path);
  const mimeType = optionalString(postData, "mimeType", path) ?? "";
  const text = optionalString(postData, "text", path);
  const params = paramsAt(postData, path);
  let body: string | undefined;
  if (text !== undefined && (text !== "" || params.length === 0)) {
    body = readPostText(postData, text, path);
  } else if (params.length > 0) {
    body = mediaType(mimeType) === "multipart/form-data"
      ? multipartBody(params, multipartBoundary(mimeType, headers))
      : urlencodedBody(params, join(path, "params"));
  }
  if (
    body !== undefined && mimeType !== "" &&
    getHeader(headers, "content-type") === undefined
  ) {
    headers["content-type"] = withBoundary(mimeType, body);
  }
  return body;
}

function readPostText(postData: Json, text: string, path: string): string {
  const decoded = decodeContentText(
    text,
    optionalString(postData, "_encoding", path),
    join(path, "text"),
    join(path, "_encoding"),
  );
  return typeof decoded === "string" ? decoded : bytesToBody(decoded);
}

/**
 * The boundary of the mimeType, else of the content-type header; else ours,
 * written into the content-type header so header and body agree.
 */
function multipartBoundary(mimeType: string, headers: HeaderMap): string {
  const header = getHeader(headers, "content-type");
  const boundary = boundaryOf(mimeType) ??
    (header === undefined ? undefined : boundaryOf(header));
  if (boundary !== undefined) return boundary;
  headers["content-type"] =
    `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  return MULTIPART_BOUNDARY;
}

function readContent(
  har: Json,
  path: string,
): Uint8Array | string | undefined {
  if (har.content === undefined || har.content === null) return undefined;
  const contentPath = join(path, "content");
  const content = objectAt(har.content, contentPath);
  const text = optionalString(content, "text", contentPath);
  if (text === undefined) return undefined;
  return decodeContentText(
    text,
    optionalString(content, "encoding", contentPath),
    join(contentPath, "text"),
    join(contentPath, "encoding"),
  );
}

/** Text as is, or base64-decoded bytes; never a silently wrong body. */
function decodeContentText(
  text: string,
  encoding: string | undefined,
  path: string,
  encodingPath: string,
): Uint8Array | string {
  if (encoding === undefined || encoding === "") return text;
  if (encoding.toLowerCase() !== "base64") {
    throw invalid(
      encodingPath,
      `unsupported encoding ${JSON.stringify(encoding)} (only "base64")`,
    );
  }
  const result = decodeBase64(text);
  if ("offset" in result) {
    throw new ConversionError({
      code: "INVALID_BASE64",
      message: `${path}: invalid base64 at character ${result.offset}`,
      path,
      offset: result.offset,
    });
  }
  return result.bytes;
}

/** Bytes as UTF-8 text when valid, else as a latin1 binary string. */
function bytesToBody(bytes: Uint8Array): string {
  return decodeUtf8(bytes) ?? latin1String(bytes);
}

// ------------------------------------------------- fields with their paths

function invalid(path: string, message: string): ConversionError {
  return new ConversionError({
    code: "INVALID_HAR",
    message: `${path ? path + ": " : ""}${message}`,
    path,
  });
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value}`;
}

function objectAt(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(path, `expected an object, got ${describe(value)}`);
  }
  return value as Json;
}

function stringAt(value: unknown, path: string): string {
  if (typeof value !== "string") {
    throw invalid(path, `expected a string, got ${describe(value)}`);
  }
  return value;
}

/** A string field; missing or null is `undefined` (tolerance). */
function optionalString(
  object: Json,
  key: string,
  path: string,
): string | undefined {
  const value = object[key];
  return value === undefined || value === null
    ? undefined
    : stringAt(value, join(path, key));
}

/** An array field; missing or null is an empty list (tolerance). */
function arrayAt(object: Json, key: string, path: string): unknown[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw invalid(join(path, key), `expected an array, got ${describe(value)}`);
  }
  return value;
}

/** Name/value pairs of a list field; values may be missing (empty). */
function pairsAt(object: Json, key: string, path: string): HarNameValue[] {
  const list = arrayAt(object, key, path);
  const pairs: HarNameValue[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const itemPath = `${join(path, key)}[${i}]`;
    const item = objectAt(list[i], itemPath);
    const name = stringAt(item.name, `${itemPath}.name`);
    const value = item.value === undefined || item.value === null
      ? ""
      : stringAt(item.value, `${itemPath}.value`);
    pairs[i] = { name, value };
  }
  return pairs;
}

function paramsAt(postData: Json, path: string): HarParam[] {
  const list = arrayAt(postData, "params", path);
  return list.map((raw, i) => {
    const itemPath = `${join(path, "params")}[${i}]`;
    const item = objectAt(raw, itemPath);
    const param: HarParam = { name: stringAt(item.name, `${itemPath}.name`) };
    const value = optionalString(item, "value", itemPath);
    if (value !== undefined) param.value = value;
    const fileName = optionalString(item, "fileName", itemPath);
    if (fileName !== undefined) param.fileName = fileName;
    const contentType = optionalString(item, "contentType", itemPath);
    if (contentType !== undefined) param.contentType = contentType;
    return param;
  });
}

// The gateway's paths, and the path of a request URL without building a
// URL object for the common case.

/** OpenAI Chat Completions. */
export const CHAT_PATH = "/v1/chat/completions";
/** Anthropic Messages. */
export const MESSAGES_PATH = "/v1/messages";
/** Anthropic token counting. */
export const COUNT_PATH = "/v1/messages/count_tokens";
/** OpenAI embeddings. */
export const EMBEDDINGS_PATH = "/v1/embeddings";
/** OpenAI legacy completions. */
export const COMPLETIONS_PATH = "/v1/completions";
/** OpenAI Responses. */
export const RESPONSES_PATH = "/v1/responses";
/** The model list; `/v1/models/{id}` below it. */
export const MODELS_PATH = "/v1/models";

const EXACT: ReadonlySet<string> = new Set([
  CHAT_PATH,
  MESSAGES_PATH,
  COUNT_PATH,
  EMBEDDINGS_PATH,
  COMPLETIONS_PATH,
  RESPONSES_PATH,
  MODELS_PATH,
  "/api/router",
  "/metrics",
]);

/**
 * The path of an absolute request URL. A path already in normal form (one
 * of the routes, no query) is cut from the string as it is, since the URL
 * parser would return it unchanged; anything else (dot segments, escapes,
 * a query) goes through the parser. Most requests are the first kind, and
 * skip building a URL object.
 */
export function pathOf(url: string): string {
  const scheme = url.indexOf("://");
  const start = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);
  if (start > 0 && EXACT.has(url.slice(start))) return url.slice(start);
  return new URL(url).pathname;
}

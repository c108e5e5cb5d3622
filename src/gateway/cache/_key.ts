// The cache key: a SHA-256 (Web Crypto) of one canonical JSON of what
// changes the answer. The body is taken whole, so a field this file has
// never heard of (a new sampling parameter, `seed`, `logprobs`, a
// provider's extension) separates answers instead of colliding them; only
// the fields listed in OMITTED, which never change the answer's content,
// are left out. The model is the one after aliasing, so two aliases of one
// model share answers, and the wire is in the key, since the two wires'
// bodies name the same thing differently. A client key's backend list is
// in it too; the client key itself is not.

/**
 * Body fields that do not change the answer: how it is delivered
 * (`stream`, `stream_options`). A streamed and a plain request share one
 * entry: the cache holds the assembled answer and replays it in either
 * form. The end user's id (`user`, Anthropic's `metadata.user_id`) stays
 * in, as LiteLLM keeps `user`: one end user's answers never serve another.
 */
export const OMITTED: ReadonlySet<string> = new Set([
  "stream",
  "stream_options",
]);

/** Writes `value` with object keys sorted, arrays in order, no spaces. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // undefined and functions cannot come from a parsed body; JSON numbers
    // and strings print one way.
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const names = Object.keys(record).sort();
  const parts: string[] = [];
  for (const name of names) {
    if (record[name] === undefined) continue;
    parts.push(`${JSON.stringify(name)}:${canonicalJson(record[name])}`);
  }
  return `{${parts.join(",")}}`;
}

/**
 * What the key is computed from: the canonical text. `scope` is the
 * backends a client key is held to: an answer made elsewhere never serves
 * it (a key kept to one region's backends gets only their answers).
 */
export function keyText(
  wire: string,
  model: string,
  body: Readonly<Record<string, unknown>>,
  scope?: readonly string[],
): string {
  // fromEntries defines own properties: a body field named `__proto__`
  // stays a field (an assignment would set the prototype and drop it).
  const kept = Object.fromEntries(
    Object.entries(body).filter(([name]) =>
      !OMITTED.has(name) && name !== "model"
    ),
  );
  const scoped = scope === undefined ? {} : { scope: [...scope].sort() };
  return canonicalJson({ body: kept, model, v: 1, wire, ...scoped });
}

/**
 * The cache key of a chat request: hex SHA-256 of {@linkcode keyText}.
 *
 * @param wire The caller's wire (`openai` or `anthropic`).
 * @param model The model after aliasing.
 * @param body The request body as the client sent it.
 * @param scope The backends the client's key is held to, if any.
 */
export async function cacheKey(
  wire: string,
  model: string,
  body: Readonly<Record<string, unknown>>,
  scope?: readonly string[],
): Promise<string> {
  const bytes = new TextEncoder().encode(keyText(wire, model, body, scope));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// Key-like substrings out of a provider's message before the gateway logs it.
// A provider's 401 quotes the key it refused ("Incorrect API key provided:
// sk-proj-****abcd"); the adapter already removes the exact key it holds, but
// not a masked or partial form, nor a key that is not its own. Generous on
// purpose: a log line that loses a request id to "[redacted]" costs less than
// one that keeps a fragment of a credential.

const REDACTED = "[redacted]";

// Each pattern is one credential shape; order matters only for readability.
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // A scheme and its credentials: keep the scheme, drop the token.
  [/\b(Bearer|Basic|Token)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  // name=value / "name": "value" forms naming a secret.
  [
    /\b((?:x-)?api[-_]?key|access[-_]?token|token|secret|password|key)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi,
    `$1$2${REDACTED}`,
  ],
  // Prefixed keys (OpenAI sk-/sk-proj-, Anthropic sk-ant-, rk-, pk-), masked or not.
  [/\b(?:sk|rk|pk)[-_][\w*.-]*[\w*]/gi, REDACTED],
  // Google API keys.
  [/\bAIza[\w-]{10,}/g, REDACTED],
  // What is left of a masked key: "****abcd", "…abcd".
  [/\*{3,}[\w-]*/g, REDACTED],
  [/(?:…|\.{3})[\w-]{2,16}\b/g, REDACTED],
  // Any other long token of letters and digits (Azure's 32 hex digits).
  [/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}\b/g, REDACTED],
];

/** `text` with every key-like substring replaced by `[redacted]`. */
export function redactKeys(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) {
    out = out.replace(pattern, replacement);
  }
  return out;
}

// Mutants reviewed and judged equivalent: the planted change cannot alter
// anything a caller can observe, so no test can catch it. Each entry names
// the file, the line before and after the edit (blanks collapsed, as the
// report prints them) and why. The report counts them as "equivalent
// (reviewed)" and leaves them out of the score; add one only with a reason a
// second reader would accept.

/** One mutant judged equivalent by review. */
export interface Equivalent {
  file: string;
  /**
   * For a line whose text repeats in the file (`break;`): the nearest
   * non-blank line above it, blanks collapsed.
   */
  context?: string;
  before: string;
  after: string;
  reason: string;
}

/** The reviewed list. */
export const EQUIVALENTS: Equivalent[] = [
  {
    file: "src/convert/_curl_generate.ts",
    before: "if (scheme !== -1) {",
    after: "if (scheme === -1) {",
    reason:
      "curlUrl always gives a scheme, so the scan starts at 0 instead of after the authority; the only URLs that then differ have a host starting with '.' (http://./), where the extra --path-as-is changes nothing curl sends",
  },
  {
    file: "src/convert/_fetch_code_read.ts",
    context: "} catch {",
    before: "break;",
    after: ";",
    reason:
      "when no further fetch( is found the loop retries the same candidate, which fails the same way, until MAX_CANDIDATES: same error, bounded extra work",
  },
  {
    file: "src/convert/_json_format.ts",
    before: 'if (!emit(text.slice(i, end), ": ")) return false;',
    after: 'if (!emit(text.slice(i, end), ": ")) return true;',
    reason:
      "once over the budget every later emit fails too (size only grows), so the call still ends OVER_BUDGET, or undefined for text that is not JSON, which the retry at lower depth also returns",
  },
  {
    file: "src/convert/core.ts",
    before: 'if (typeof value === "string") return value;',
    after: 'if (typeof value === "string") value;',
    reason:
      "a string then goes through String(value), which returns it unchanged",
  },
  {
    file: "src/convert/fetch.ts",
    before: "return reportedStatus.get(this)?.status ?? super.status;",
    after: "return reportedStatus.get(this).status ?? super.status;",
    reason:
      "the constructor records every StatusResponse before anyone can read status, and its clone() builds a new one through that constructor: the entry is never missing",
  },
  {
    file: "src/convert/fetch.ts",
    before: "return reportedStatus.get(this)?.status ?? super.status;",
    after: "return reportedStatus.get(this)?.status;",
    reason:
      "the constructor records every StatusResponse before anyone can read status, and its clone() builds a new one through that constructor: the entry is never missing",
  },
  {
    file: "src/convert/_markup_format.ts",
    before: "while (pos < text.length) {",
    after: "while (pos <= text.length) {",
    reason:
      "at pos === text.length indexOf('<', pos) is -1 and the loop breaks: one extra, empty turn",
  },
  {
    file: "src/router/_render.ts",
    before: 'if (typeof part === "string") continue;',
    after: 'if (typeof part === "string") ;',
    reason:
      "a literal part then looks up results[text]: undefined or a number, never a stream, except a literal that is a digit string, which names a substitution at or after the cancel point (cancelled anyway) or one already read (locked or done)",
  },
  {
    file: "src/router/router.ts",
    context: 'console.error("Error while streaming a response:", error);',
    before: "return;",
    after: ";",
    reason:
      "without an errorHandler the fall-through calls undefined inside the try whose catch swallows everything: the stream error is logged once either way",
  },
  {
    file: "src/gateway/keys.ts",
    before: "const length = Math.max(a.length, b.length);",
    after: "const length = Math.min(a.length, b.length);",
    reason:
      "diff starts as a.length ^ b.length, so keys of different lengths differ whatever the loop covers; the loop's bound changes only the time taken, which no functional test may measure",
  },
  {
    file: "src/models/adapters/registry.ts",
    before: 'openai: "OPENAI_API_KEY",',
    after: 'openai: "",',
    reason:
      "KEY_VARIABLES.openai is read only by presetEntries, whose openai entry PROVIDERS replaces with its own (keyVariable written there); no caller sees the preset's value",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: "if (slash <= 0) return null;",
    after: "if (slash < 0) return null;",
    reason:
      "a model starting with '/' then looks up vendor '', which no price table has, so estimateCostFor returns the same null",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: "if (slash <= 0) return null;",
    after: "if (slash <= 1) return null;",
    reason:
      "a one-letter vendor ('x/model') names no price table (their names are provider names of 4 letters or more), so the lookup returns the same null",
  },
  {
    file: "src/models/adapters/_body.ts",
    before: "if (value instanceof Response) return true;",
    after: "if (value instanceof Response) true;",
    reason:
      "a runtime Response passes the structural check below as well (ok, status, headers.get, body null or a stream); the early return only spares building the body stream",
  },
  {
    file: "src/models/adapters/_lines.ts",
    before: "for (let i = this.#scanFrom; i < buffer.length; i++) {",
    after: "for (let i = this.#scanFrom; i <= buffer.length; i++) {",
    reason:
      "at i === buffer.length charCodeAt gives NaN, which is neither LF nor CR, so the extra step continues and the loop ends as before",
  },
  {
    file: "src/gateway/_http1.ts",
    context: "cancel() {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "a ReadableStream never calls pull after cancel, so the flag is not read again",
  },
  {
    file: "src/gateway/_http1.ts",
    context:
      "const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "end closes the controller on the next line, and a closed ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/gateway/_http1.ts",
    context: ': new HttpWireError(400, "The body could not be read.");',
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "fail errors the controller two lines down, and an errored ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/gateway/_deadline.ts",
    before: "if (this.#abort === undefined) return;",
    after: "if (this.#abort === undefined) ;",
    reason:
      "without a controller there is no timer (timeoutMs undefined) and no listener was added, so clearTimeout(undefined) and removing the absent listener do nothing",
  },
  {
    file: "src/gateway/anthropic_response.ts",
    before: "const type = ERROR_TYPES[resolved.status] ??",
    after: "const type = ERROR_TYPES[resolved.status] ||",
    reason:
      "every value in ERROR_TYPES is a non-empty string, so || and ?? fall through to the status rule for exactly the same statuses",
  },
  {
    file: "src/models/adapters/openai.ts",
    before: 'apiKey: config.apiKey ?? "",',
    after: 'apiKey: config.apiKey || "",',
    reason: "the only falsy string is the empty one, which both give back",
  },
];

/** The review of a mutant, when it was judged equivalent. */
export function findEquivalent(
  mutant: { file: string; context: string; before: string; after: string },
): Equivalent | undefined {
  return EQUIVALENTS.find((entry) =>
    entry.file === mutant.file && entry.before === mutant.before &&
    entry.after === mutant.after &&
    (entry.context === undefined || entry.context === mutant.context)
  );
}

/**
 * Trusted text for message templates. A substitution in an HTML, XML or JSON
 * body is escaped for that body (see `createRoute`); {@linkcode raw} marks
 * text that is inserted as written, and {@linkcode html} builds such text
 * from a template whose own substitutions are escaped.
 *
 * @module
 */

/**
 * Text a message template inserts as written, without escaping. Made by
 * {@linkcode raw} or {@linkcode html}; `String(value)` is the text.
 *
 * @example Checking for trusted text
 * ```ts
 * import { raw, RawText } from "@switchyard/switchyard/router";
 * const bold = raw("<b>bold</b>");
 * console.log(bold instanceof RawText, String(bold)); // true "<b>bold</b>"
 * ```
 */
export class RawText {
  /** The text, inserted as is. */
  readonly text: string;

  /**
   * Wraps text; prefer {@linkcode raw}.
   *
   * @param text The trusted text.
   */
  constructor(text: string) {
    this.text = text;
  }

  /**
   * The text itself, so head lines and other bodies read it unchanged.
   *
   * @returns The wrapped text.
   */
  toString(): string {
    return this.text;
  }
}

/**
 * Marks markup (or JSON) you trust, to be inserted into a body as written.
 * Never pass request data to it: that is what the default escaping is for.
 *
 * @param text Trusted text.
 * @returns The text, marked as trusted.
 *
 * @example Trusted markup in an HTML route
 * ```ts
 * import { createRoute, raw } from "@switchyard/switchyard/router";
 * const nav = raw('<nav><a href="/">Home</a></nav>');
 * const page = createRoute()`${nav}<p>${() => "<b>not bold</b>"}</p>`;
 * console.log(await (await page(new Request("http://localhost/"))).text());
 * // '<nav><a href="/">Home</a></nav><p>&lt;b&gt;not bold&lt;/b&gt;</p>'
 * ```
 */
export function raw(text: string): RawText {
  return new RawText(String(text));
}

const MARKUP_SPECIAL = /[&<>"']/;
const MARKUP_SPECIALS = /[&<>"']/g;
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes `& < > " '` as character references: safe in HTML and XML text and
 * in quoted attribute values (not in unquoted attributes, scripts or URLs).
 */
export function escapeMarkup(text: string): string {
  return hasMarkupSpecial(text)
    ? text.replace(MARKUP_SPECIALS, (char) => ENTITIES[char])
    : text;
}

/**
 * True when `text` holds `& < > " '`. Most substitutions are short (a
 * parameter, a name), and a loop over a short string costs a fraction of a
 * RegExp call; long text goes to the RegExp.
 */
function hasMarkupSpecial(text: string): boolean {
  if (text.length > 24) return MARKUP_SPECIAL.test(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      code === 38 || code === 60 || code === 62 || code === 34 || code === 39
    ) return true;
  }
  return false;
}

/**
 * The markup text of a substitution: trusted text as is, an array item by
 * item (joined without separator, as lit-html and hono do), `null` and
 * `undefined` as nothing, anything else escaped.
 */
export function markupText(value: unknown): string {
  if (typeof value === "string") return escapeMarkup(value);
  if (value === null || value === undefined) return "";
  if (value instanceof RawText) return value.text;
  if (Array.isArray(value)) return value.map(markupText).join("");
  return escapeMarkup(String(value));
}

/**
 * Builds trusted markup from a template: its substitutions are escaped
 * (arrays item by item, {@linkcode raw} and nested `html` kept as written).
 * Use it for fragments, e.g. list items, that a route then inserts.
 *
 * @param strings Template strings (trusted markup).
 * @param values Substitutions, escaped.
 * @returns The markup, marked as trusted.
 *
 * @example A list of items from request data
 * ```ts
 * import { createRoute, html } from "@switchyard/switchyard/router";
 * const names = ["Ada", "<script>"];
 * const list = createRoute()`<ul>${() => names.map((name) => html`<li>${name}</li>`)}</ul>`;
 * console.log(await (await list(new Request("http://localhost/"))).text());
 * // "<ul><li>Ada</li><li>&lt;script&gt;</li></ul>"
 * ```
 */
export function html(
  strings: TemplateStringsArray,
  ...values: unknown[]
): RawText {
  let text = strings[0];
  for (let i = 0; i < values.length; i++) {
    text += markupText(values[i]) + strings[i + 1];
  }
  return new RawText(text);
}

// An indenting pretty-printer for XML and HTML. It never rewrites markup:
// tags, comments, CDATA sections, declarations and the contents of HTML
// raw-text elements (<pre>, <script>, <style>, <textarea>) are copied as
// written; only the white space between them changes. Text nodes are trimmed
// at their ends. Linear: every token is found with indexOf or one scan, and a
// close tag finds its open element through a count per name, never by
// searching the stack.

import { MAX_INDENT_DEPTH } from "./_json_format.ts";
import { OVER_BUDGET } from "./_format_budget.ts";

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
const RAW_TEXT_ELEMENTS = new Set(["pre", "script", "style", "textarea"]);

type TokenKind = "open" | "close" | "self" | "text" | "other";

interface Token {
  kind: TokenKind;
  text: string;
  name: string;
}

/** Index just past `end` searched from `from`, or the end of the text. */
function through(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  return at === -1 ? text.length : at + end.length;
}

/** Index just past the `>` of the tag starting at `start`, skipping quoted values. */
function tagEnd(text: string, start: number): number {
  let quote = 0;
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 0x22 || code === 0x27) {
      quote = code;
    } else if (code === 0x3e) {
      return i + 1;
    }
  }
  return text.length;
}

function tagName(tag: string, html: boolean): string {
  const match = /^<\/?([^\s/>]+)/.exec(tag);
  const name = match === null ? "" : match[1];
  return html ? name.toLowerCase() : name;
}

function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f || code === 0x3a || code > 0x7f;
}

function tokenize(text: string, html: boolean): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) {
      tokens.push({ kind: "text", text: text.slice(textStart, end), name: "" });
    }
  };
  while (pos < text.length) {
    const lt = text.indexOf("<", pos);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    let end: number;
    let kind: TokenKind;
    if (text.startsWith("<!--", lt)) {
      end = through(text, "-->", lt + 4);
      kind = "other";
    } else if (text.startsWith("<![CDATA[", lt)) {
      end = through(text, "]]>", lt + 9);
      kind = "other";
    } else if (next === 0x3f) {
      end = through(text, "?>", lt + 2);
      kind = "other";
    } else if (next === 0x21) {
      end = tagEnd(text, lt);
      kind = "other";
    } else if (next === 0x2f && isNameStart(text.charCodeAt(lt + 2))) {
      end = tagEnd(text, lt);
      kind = "close";
    } else if (isNameStart(next)) {
      end = tagEnd(text, lt);
      kind = "open";
    } else {
      pos = lt + 1; // a lone "<" is text
      continue;
    }
    flushText(lt);
    const tag = text.slice(lt, end);
    const name = kind === "other" ? "" : tagName(tag, html);
    if (
      kind === "open" &&
      (tag.endsWith("/>") || (html && VOID_ELEMENTS.has(name)))
    ) {
      kind = "self";
    }
    pos = end;
    textStart = end;
    if (kind === "open" && html && RAW_TEXT_ELEMENTS.has(name)) {
      // Copy the element whole: its contents are not markup (or, for <pre>,
      // white space is significant). As in an HTML parser, only the end tag
      // of that name in any case ends it: `</scripts>` is text inside.
      const closing = new RegExp(`</${name}(?=[\\s/>]|$)`, "ig");
      closing.lastIndex = end;
      const close = closing.exec(text)?.index ?? -1;
      const closeEnd = close === -1 ? text.length : tagEnd(text, close);
      tokens.push({ kind: "self", text: text.slice(lt, closeEnd), name });
      pos = closeEnd;
      textStart = closeEnd;
      continue;
    }
    tokens.push({ kind, text: tag, name });
  }
  flushText(text.length);
  return tokens;
}

/**
 * `text` (XML, or HTML when `html`) with one element per line, indented by
 * two spaces per level up to `maxDepth`; OVER_BUDGET as soon as the output
 * passes `budget` characters.
 */
export function formatMarkup(
  text: string,
  html: boolean,
  maxDepth: number = MAX_INDENT_DEPTH,
  budget: number = Infinity,
): string | typeof OVER_BUDGET {
  const tokens = tokenize(text, html);
  const lines: string[] = [];
  let size = 0;
  // The output's length so far: the lines and the breaks between them (one
  // fewer than the lines), as formatJson counts its own.
  const line = (content: string): boolean => {
    size += (lines.length === 0 ? 0 : 1) + content.length;
    lines.push(content);
    return size <= budget;
  };
  const open: string[] = [];
  // How many entries of `open` hold each name, so that a close tag matching
  // no open element is known as such without searching the whole stack.
  const openCount = new Map<string, number>();
  const pad = () => "  ".repeat(Math.min(open.length, maxDepth));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === "text") {
      const content = token.text.trim();
      if (content !== "") { if (!line(pad() + content)) return OVER_BUDGET; }
      continue;
    }
    if (token.kind === "open") {
      const text = tokens[i + 1];
      const close = tokens[i + 2];
      if (
        text?.kind === "text" && close?.kind === "close" &&
        close.name === token.name && !text.text.includes("\n")
      ) {
        // A short leaf element stays on one line: <name>text</name>.
        if (!line(pad() + token.text + text.text.trim() + close.text)) {
          return OVER_BUDGET;
        }
        i += 2;
        continue;
      }
      if (!line(pad() + token.text)) return OVER_BUDGET;
      open.push(token.name);
      openCount.set(token.name, (openCount.get(token.name) ?? 0) + 1);
      continue;
    }
    if (token.kind === "close") {
      // Close the innermost open element of that name and every element
      // left open inside it; a close tag matching none closes nothing. Each
      // entry is popped at most once, so this stays linear.
      if ((openCount.get(token.name) ?? 0) > 0) {
        let name: string | undefined;
        do {
          name = open.pop() as string;
          openCount.set(name, (openCount.get(name) as number) - 1);
        } while (name !== token.name);
      }
      if (!line(pad() + token.text)) return OVER_BUDGET;
      continue;
    }
    if (!line(pad() + token.text)) return OVER_BUDGET;
  }
  return lines.join("\n");
}

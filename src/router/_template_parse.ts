// Splits a message-shaped template into start line, header lines and body,
// once, at definition time. Substitutions stay as indices into the values.
import { RouteError } from "./errors.ts";

/** Template text, or the index of a substitution. */
export type Part = string | number;

/** A template cut at its blank line; every line is a list of parts. */
export interface TemplateLayout {
  /** Start line and header lines, or undefined when the template has no head. */
  readonly head: readonly (readonly Part[])[] | undefined;
  /** The body, as text and substitution indices; `[]` when there is none. */
  readonly body: readonly Part[];
}

// Lenient, for dedent: any white space, as an editor shows the line blank.
function isBlank(line: readonly Part[]): boolean {
  return line.every((part) => typeof part === "string" && part.trim() === "");
}

// The line that ends a head: empty but for spaces and tabs (what indentation
// leaves). A line of U+00A0 or another Unicode space is no blank line in
// HTTP: read as one, it cut the head there and sent the header lines after
// it as the body.
function endsHead(line: readonly Part[]): boolean {
  return line.every((part) =>
    typeof part === "string" && /^[ \t]*$/.test(part)
  );
}

function leadingWhitespace(line: readonly Part[]): string {
  const first = line[0];
  if (typeof first !== "string") return "";
  return /^[ \t]*/.exec(first)![0];
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

function splitLines(strings: readonly string[]): Part[][] {
  const lines: Part[][] = [[]];
  strings.forEach((text, index) => {
    const chunks = text.split("\n");
    chunks.forEach((chunk, i) => {
      if (i > 0) lines.push([]);
      if (chunk !== "") lines[lines.length - 1].push(chunk);
    });
    if (index < strings.length - 1) lines[lines.length - 1].push(index);
  });
  return lines;
}

function stripCarriageReturn(line: readonly Part[]): Part[] {
  const last = line[line.length - 1];
  if (typeof last === "string" && last.endsWith("\r")) {
    const text = last.slice(0, -1);
    return text === "" ? line.slice(0, -1) : [...line.slice(0, -1), text];
  }
  return [...line];
}

/**
 * Removes the common indentation: when the text starts with a line break the
 * first (blank) line is dropped, as is a blank last line (the indentation of
 * the closing backtick); a first line that holds text does not count.
 */
function dedent(lines: Part[][]): Part[][] {
  let startsWithBreak = false;
  if (lines.length > 1 && isBlank(lines[0])) {
    startsWithBreak = true;
    lines = lines.slice(1);
    if (lines.length > 0 && isBlank(lines[lines.length - 1])) {
      lines = lines.slice(0, -1);
      // The break before the closing line goes with it, CR included.
      if (lines.length > 0) {
        lines[lines.length - 1] = stripCarriageReturn(lines[lines.length - 1]);
      }
    }
  }
  const counted = startsWithBreak ? lines : lines.slice(1);
  let indent: string | undefined;
  for (const line of counted) {
    if (isBlank(line)) continue;
    const own = leadingWhitespace(line);
    indent = indent === undefined ? own : commonPrefix(indent, own);
  }
  if (!indent) return lines;
  const width = indent.length;
  return lines.map((line, i) => {
    if (!startsWithBreak && i === 0) return line;
    const first = line[0];
    if (typeof first !== "string") return line;
    const cut = Math.min(width, leadingWhitespace(line).length);
    const rest = first.slice(cut);
    return rest === "" ? line.slice(1) : [rest, ...line.slice(1)];
  });
}

function joinBody(lines: readonly (readonly Part[])[]): Part[] {
  const body: Part[] = [];
  lines.forEach((line, i) => {
    if (i > 0) body.push("\n");
    body.push(...line);
  });
  const merged: Part[] = [];
  for (const part of body) {
    const previous = merged[merged.length - 1];
    if (typeof part === "string" && typeof previous === "string") {
      merged[merged.length - 1] = previous + part;
    } else if (part !== "") merged.push(part);
  }
  return merged;
}

/**
 * Cuts template strings into head and body. `hasHead` decides from the
 * dedented first line whether the template starts with a head at all.
 */
export function layoutTemplate(
  strings: readonly (string | undefined)[],
  hasHead: (firstLine: readonly Part[]) => boolean,
): TemplateLayout {
  const cooked = strings.map((text, i) => {
    if (text === undefined) {
      throw new RouteError({
        code: "INVALID_TEMPLATE",
        message: `Invalid escape sequence in template string ${i}`,
      });
    }
    return text;
  });
  const lines = dedent(splitLines(cooked));
  if (lines.length === 0 || !hasHead(lines[0])) {
    return { head: undefined, body: joinBody(lines) };
  }
  const blank = lines.findIndex((line) => endsHead(stripCarriageReturn(line)));
  const headLines = blank === -1 ? lines : lines.slice(0, blank);
  const bodyLines = blank === -1 ? [] : lines.slice(blank + 1);
  return {
    head: headLines.map(stripCarriageReturn),
    body: joinBody(bodyLines),
  };
}

// Reading the repository's markdown: the files the docs tests cover, their
// fenced code blocks (also inside list items and block quotes), and the rows
// of a table under a heading. A small reader of our own: the docs are ours,
// and the conventions it accepts are the ones docs/contributing.md states.

/** The repository root. */
export const ROOT = new URL("../../", import.meta.url);

/** One fenced block of a markdown file. */
export interface CodeBlock {
  /** Path from the repository root, e.g. `docs/models.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word (`ts`, `sh`, …), `""` when there is none. */
  lang: string;
  /** The info string's other words (`fragment`, `check`). */
  flags: string[];
  /** The block's text, its fence indentation and quote markers removed. */
  code: string;
}

/** README.md and every `.md` file under docs/, sorted. */
export function markdownFiles(): string[] {
  const files = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files.sort();
}

// A fence: optional block-quote markers, indentation, then ``` or more.
const FENCE = /^((?:>\s?)*)(\s*)(`{3,}|~{3,})(.*)$/;

/**
 * Every fenced block of `text`. An unclosed fence is an error: a block
 * running to the end of the file would swallow the prose after it.
 */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, quote, indent, fence, info] = open;
    const words = info.trim().split(/\s+/).filter(Boolean);
    const body: string[] = [];
    let end = -1;
    for (let j = i + 1; j < lines.length; j++) {
      let line = lines[j];
      if (quote !== "") line = line.replace(/^(?:>\s?)*/, "");
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (
        close && close[1][0] === fence[0] && close[1].length >= fence.length
      ) {
        end = j;
        break;
      }
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line);
    }
    if (end < 0) throw new Error(`${file}:${i + 1}: unclosed code fence`);
    blocks.push({
      file,
      line: i + 1,
      lang: (words[0] ?? "").toLowerCase(),
      flags: words.slice(1),
      code: body.join("\n") + "\n",
    });
    i = end;
  }
  return blocks;
}

/** The text of `file` (a path from the repository root). */
export function readDoc(file: string): string {
  return Deno.readTextFileSync(new URL(file, ROOT));
}

/**
 * The rows of the first table after the heading `heading` (its text without
 * the `#`s), each as its cells' text, header and separator rows left out.
 */
export function tableUnder(text: string, heading: string): string[][] {
  const lines = text.split("\n");
  const at = lines.findIndex((line) =>
    /^#{1,6} /.test(line) && line.replace(/^#+ /, "").trim() === heading
  );
  if (at < 0) throw new Error(`no heading "${heading}"`);
  let i = at + 1;
  while (i < lines.length && !lines[i].startsWith("|")) {
    if (/^#{1,6} /.test(lines[i])) {
      throw new Error(`no table under "${heading}"`);
    }
    i++;
  }
  const rows: string[][] = [];
  for (; i < lines.length && lines[i].startsWith("|"); i++) {
    rows.push(splitRow(lines[i]));
  }
  // rows[0] is the header, rows[1] the |---| separator.
  return rows.slice(2);
}

/** The cells of one table row; `\|` inside a cell is a literal bar. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  for (let i = 1; i < line.length; i++) {
    const c = line[i];
    if (c === "\\" && line[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (c === "|") {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += c;
    }
  }
  return cells;
}

/** The first backticked name of a cell: `` `a.b` (x) `` → `a.b`. */
export function firstCode(cell: string): string | undefined {
  return /`([^`]+)`/.exec(cell)?.[1];
}

// A literal at the start of an output comment: a JSON string, a number,
// true, false or null.
const LITERAL = /^(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/;

/**
 * What a block says it prints: for each one-line `console.log(…); // x`
 * whose comment starts with literals (`"hi"`, `"backup" 1`, `true`), the line
 * those literals print, strings unquoted as console.log writes them. A
 * comment in prose (`// fetch() source`) promises nothing checkable.
 */
export function promisedOutput(code: string): string[] {
  const lines: string[] = [];
  for (const line of code.split("\n")) {
    const match = /^\s*console\.log\(.*\);\s*\/\/ (.*)$/.exec(line);
    if (!match) continue;
    let rest = match[1];
    const values: string[] = [];
    for (
      let literal = LITERAL.exec(rest);
      literal;
      literal = LITERAL.exec(rest)
    ) {
      const text = literal[0];
      values.push(text.startsWith('"') ? JSON.parse(text) : text);
      rest = rest.slice(text.length);
      if (!rest.startsWith(" ")) break;
      rest = rest.slice(1);
    }
    // Literals must end the comment or be followed by punctuation or prose
    // set apart: `"59", counted in Redis`, `"hi" (from backup)`.
    if (values.length > 0 && /^(?:$|[,:;(]|[^"\d])/.test(rest)) {
      lines.push(values.join(" "));
    }
  }
  return lines;
}

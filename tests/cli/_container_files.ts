// Readers for the container recipe's two files, just enough to check them
// without Docker: a Dockerfile's instructions (continuations joined,
// comments dropped) and the block-style YAML subset compose.yaml is written
// in (maps, "- item" lists, scalars; a flow list stays one string).

/** One Dockerfile instruction: its keyword (upper case) and the rest. */
export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** The instructions of a Dockerfile, in order. */
export function readDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = "";
  let start = 0;
  text.split("\n").forEach((raw, i) => {
    const line = raw.trimEnd();
    if (pending === "" && /^\s*(#|$)/.test(line)) return;
    if (pending !== "" && /^\s*#/.test(line)) return; // comment inside a continuation
    if (pending === "") start = i + 1;
    if (line.endsWith("\\")) {
      pending += line.slice(0, -1) + " ";
      return;
    }
    const whole = (pending + line).trim();
    pending = "";
    const match = /^(\S+)\s*(.*)$/s.exec(whole);
    if (match) {
      instructions.push({
        keyword: match[1].toUpperCase(),
        args: match[2].replace(/\s+/g, " ").trim(),
        line: start,
      });
    }
  });
  if (pending !== "") throw new Error("Dockerfile ends inside a continuation");
  return instructions;
}

/** A YAML value of the subset. */
export type Yaml = string | Yaml[] | { [key: string]: Yaml };

function scalar(text: string): string {
  const value = text.trim();
  if (/^".*"$/.test(value) || /^'.*'$/.test(value)) return value.slice(1, -1);
  return value;
}

/** Removes a `#` comment that is not inside quotes. */
function withoutComment(line: string): string {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line.trimEnd();
}

/** Parses block-style YAML: nested maps, "- scalar" lists, scalars. */
export function readYaml(text: string): Yaml {
  const lines = text.split("\n").map(withoutComment)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      if (/^\t/.test(line)) throw new Error("tabs are not YAML indentation");
      return {
        indent: line.length - line.trimStart().length,
        text: line.trim(),
      };
    });
  let at = 0;
  function block(indent: number): Yaml {
    if (lines[at].text.startsWith("- ")) {
      const list: Yaml[] = [];
      while (
        at < lines.length && lines[at].indent === indent &&
        lines[at].text.startsWith("- ")
      ) {
        list.push(scalar(lines[at].text.slice(2)));
        at++;
      }
      return list;
    }
    const map: { [key: string]: Yaml } = {};
    while (at < lines.length && lines[at].indent === indent) {
      const match = /^([^:]+):(?:\s+(.*))?$/.exec(lines[at].text);
      if (!match) throw new Error(`not a key: ${lines[at].text}`);
      at++;
      const [, key, rest] = match;
      if (rest !== undefined && rest !== "") map[key.trim()] = scalar(rest);
      else if (at < lines.length && lines[at].indent > indent) {
        map[key.trim()] = block(lines[at].indent);
      } else map[key.trim()] = "";
    }
    return map;
  }
  const value = block(0);
  if (at !== lines.length) {
    throw new Error(`unexpected indentation at ${lines[at].text}`);
  }
  return value;
}

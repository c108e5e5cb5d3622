// The config file is JSON with comments (`//`, `/* */`) and trailing commas,
// as in tsconfig.json and deno.json. Both are blanked to spaces rather than
// cut out, so JSON.parse's error positions (line and column, see
// _json_position.ts) still point into the file as written.

/**
 * `text` with comments and trailing commas replaced by spaces (line breaks
 * kept); strings are left as they are. Anything malformed (an unclosed
 * comment or string) is left for JSON.parse to report.
 */
export function blankJsonc(text: string): string {
  const out = text.split("");
  let i = 0;
  let lastComma = -1; // a comma that only whitespace or comments follow yet
  let previous = ""; // the last character outside comments and blanks
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      lastComma = -1;
      previous = '"';
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") {
        out[i++] = " ";
      }
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) return out.join(""); // unclosed: JSON.parse reports it
      for (; i < end + 2; i++) {
        if (text[i] !== "\n" && text[i] !== "\r") out[i] = " ";
      }
    } else if (c === ",") {
      // `[,]` and `[1,,]` stay errors: only a comma after a value trails.
      lastComma = previous === "" || "[{,".includes(previous) ? -1 : i;
      previous = c;
      i++;
    } else if (c === "}" || c === "]") {
      if (lastComma >= 0) out[lastComma] = " ";
      lastComma = -1;
      previous = c;
      i++;
    } else {
      if (!/\s/.test(c)) {
        lastComma = -1;
        previous = c;
      }
      i++;
    }
  }
  return out.join("");
}

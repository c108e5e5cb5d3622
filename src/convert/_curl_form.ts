// curl's -F/--form-string: the part syntax (`name=value;type=…;filename=…`)
// and the multipart body curl builds from the parts.
import { ConversionError } from "./errors.ts";
import {
  type CurlCommand,
  fileReference,
  type FormPart,
} from "./_curl_command.ts";

/** The multipart boundary; a digit suffix is added if a part contains it. */
export const FORM_BOUNDARY = "------------------------switchyard";
// Without a prototype: a file named `a.constructor` is no known type.
const FILE_TYPES: Record<string, string> = Object.assign(Object.create(null), {
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  txt: "text/plain",
  htm: "text/html",
  html: "text/html",
  pdf: "application/pdf",
  xml: "application/xml",
});

/** The part parameters curl's -F knows, at a segment's start, any case. */
const FORM_PARAMETER = /^(type|filename|headers|encoder)=/i;

/**
 * A content type curl takes: it refuses the -F argument ("badly used")
 * unless the type starts as `major/minor` (checked with curl 7.88).
 */
const FORM_TYPE = /^[^/ ]+\/[^;, \n]/;

/** One -F / --form-string argument as the part curl makes of it. */
export function parseFormArgument(
  cmd: CurlCommand,
  arg: string,
  literal: boolean,
  written: string,
  at: number,
): FormPart {
  const eq = arg.indexOf("=");
  if (eq === -1) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `${written} ${JSON.stringify(arg)} needs the form name=content`,
      offset: at,
    });
  }
  const name = arg.slice(0, eq);
  const rest = arg.slice(eq + 1);
  if (literal) return { name, value: rest };
  const [content, tail] = splitFormValue(rest);
  const part: FormPart = { name, value: content };
  readParameters(cmd, part, tail, written, at);
  if (part.type !== undefined && !FORM_TYPE.test(part.type)) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `${written} ${JSON.stringify(arg)}: type=${
        JSON.stringify(part.type)
      } is no type/subtype, which curl refuses`,
      offset: at,
    });
  }
  if ((content === "@-" || content === "<-") && cmd.stdin !== undefined) {
    // curl reads its standard input (here, the here-document) for the part,
    // in option order: the first reader takes it all. A file part read from
    // stdin is named "-" and (checked with curl 7.88 on the wire) gets a
    // type only from a known extension of a filename given with it, below.
    part.value = cmd.readStdin();
    if (content === "@-") part.filename ??= "-";
  } else if (content.startsWith("@")) {
    fileReference(
      cmd,
      written,
      at,
      content,
      "uploads a file, which is never read; the part holds the reference",
    );
    const path = content.slice(1);
    part.filename ??= path.slice(
      Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1,
    );
    part.type ??= typeOfFile(part.filename) ?? "application/octet-stream";
  } else if (content.startsWith("<")) {
    fileReference(
      cmd,
      written,
      at,
      content,
      "reads a file, which is never read; the part holds the reference",
    );
  }
  // Checked with curl 7.88 on the wire: a part whose text is read (`<file`,
  // `<-`) goes without a filename, even one given; a text part given a
  // filename is typed by its extension, as a file part is.
  if (content.startsWith("<")) delete part.filename;
  else if (part.filename !== undefined) {
    part.type ??= typeOfFile(part.filename);
  }
  return part;
}

/** The type curl gives a part by its filename's extension, if it knows one. */
function typeOfFile(filename: string): string | undefined {
  const dot = filename.lastIndexOf(".");
  return dot === -1
    ? undefined
    : FILE_TYPES[filename.slice(dot + 1).toLowerCase()];
}

// C's isspace(), which curl's -F parser skips around an unquoted value.
const LEADING_BLANKS = /^[ \t\n\v\f\r]+/;
const TRAILING_BLANKS = /[ \t\n\v\f\r]+$/;

/**
 * Splits `value;type=…;filename=…` into the value and the text from the
 * first `;` after it, honouring a double-quoted value. As curl does, blanks
 * before the value are skipped and, when it is not quoted, blanks after it
 * too (`-F 'a=  x  '` sends "x").
 */
function splitFormValue(rest: string): [string, string] {
  const prefix = rest[0] === "@" || rest[0] === "<" ? rest[0] : "";
  const body = rest.slice(prefix.length).replace(LEADING_BLANKS, "");
  let value: string;
  let after: number;
  if (body.startsWith('"')) {
    let i = 1;
    let out = "";
    while (i < body.length && body[i] !== '"') {
      if (body[i] === "\\" && i + 1 < body.length) i++;
      out += body[i++];
    }
    value = out;
    after = i + 1;
  } else {
    const semi = body.indexOf(";");
    value = (semi === -1 ? body : body.slice(0, semi)).replace(
      TRAILING_BLANKS,
      "",
    );
    after = semi === -1 ? body.length : semi;
  }
  const semi = body.indexOf(";", after);
  return [prefix + value, semi === -1 ? "" : body.slice(semi)];
}

/**
 * Reads the parameters of `tail` (`;type=…;filename=…`) into `part`, in
 * order, as curl 7.88 does on the wire:
 * - `type=`, `filename=`, `headers=` and `encoder=`, in any letter case and
 *   after blanks, start a parameter; `;` inside quotes ends a segment
 *   everywhere but in a quoted filename;
 * - a type is raw text: each segment after it that starts no other
 *   parameter (a blank one, one with quotes, a second `type=`) is part of
 *   it, `;` and all, up to the last non-blank of its last segment
 *   (`type=text/plain; charset=utf-8`);
 * - a filename is a word: double-quoted with backslash escapes, else up to
 *   the next `;` without its trailing blanks;
 * - any other segment is skipped, with a warning unless it is blank.
 */
function readParameters(
  cmd: CurlCommand,
  part: FormPart,
  tail: string,
  written: string,
  at: number,
): void {
  let inType = false;
  let typeStart = 0;
  for (let i = 0; i < tail.length;) {
    i = skipBlanks(tail, i + 1); // past the `;`
    let end = tail.indexOf(";", i);
    if (end === -1) end = tail.length;
    const segment = tail.slice(i, end);
    const key = FORM_PARAMETER.exec(segment)?.[1].toLowerCase();
    if (key === "type" && !inType) {
      typeStart = skipBlanks(tail, i + 5);
      inType = true;
    }
    if (inType && (key === undefined || key === "type")) {
      const typeEnd = i + segment.replace(TRAILING_BLANKS, "").length;
      part.type = tail.slice(typeStart, Math.max(typeStart, typeEnd));
      i = end;
      continue;
    }
    inType = false;
    if (key === "filename") {
      const [word, next] = formWord(tail, skipBlanks(tail, i + 9), end);
      part.filename = word;
      i = next;
      continue;
    }
    if (segment !== "") {
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `Form parameter ${JSON.stringify(segment)} is not applied`,
      );
    }
    i = end;
  }
}

function skipBlanks(text: string, i: number): number {
  while (i < text.length && " \t\n\v\f\r".includes(text[i])) i++;
  return i;
}

/**
 * The word at `i` of `text`, and where the next segment starts: a closed
 * double-quoted word (backslash escapes one character) holds `;`; anything
 * else ends at `end` (the next `;`) without its trailing blanks.
 */
function formWord(text: string, i: number, end: number): [string, number] {
  if (text[i] === '"') {
    let out = "";
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '"') {
        const next = text.indexOf(";", j);
        return [out, next === -1 ? text.length : next];
      }
      if (text[j] === "\\" && j + 1 < text.length) j++;
      out += text[j];
    }
  }
  return [text.slice(i, end).replace(TRAILING_BLANKS, ""), end];
}

function escapeFormName(name: string): string {
  return name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function multipartBody(
  parts: FormPart[],
  disposition = "form-data",
): { body: string; boundary: string } {
  const partText = parts.map((part) => {
    let head = `Content-Disposition: ${disposition}; name="${
      escapeFormName(part.name)
    }"`;
    if (part.filename !== undefined) {
      head += `; filename="${escapeFormName(part.filename)}"`;
    }
    head += "\r\n";
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    return { head, value: part.value };
  });
  let boundary = FORM_BOUNDARY;
  for (
    let n = 1;
    partText.some((p) =>
      p.value.includes(boundary) || p.head.includes(boundary)
    );
    n++
  ) {
    boundary = FORM_BOUNDARY + n;
  }
  let body = "";
  for (const p of partText) {
    body += `--${boundary}\r\n${p.head}\r\n${p.value}\r\n`;
  }
  return { body: body + `--${boundary}--\r\n`, boundary };
}
/**
 * The multipart body of the -F parts. A user's own content-type gets the
 * boundary appended, as curl does, so header and body agree.
 */
export function setFormBody(cmd: CurlCommand): string {
  const custom = cmd.headers.find((h) =>
    !h.internal && h.name.toLowerCase() === "content-type"
  );
  // libcurl names parts `form-data` only in a multipart/form-data body; under
  // any other type (multipart/mixed, …) each part is an `attachment`.
  const formData = custom === undefined ||
    /^multipart\/form-data(?:$|[ \t;])/i.test(custom.value);
  const multipart = multipartBody(
    cmd.form,
    formData ? "form-data" : "attachment",
  );
  if (custom) custom.value += "; boundary=" + multipart.boundary;
  else {
    cmd.setInternal(
      "Content-Type",
      "multipart/form-data; boundary=" + multipart.boundary,
    );
  }
  return multipart.body;
}

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

/** The part parameters curl's -F knows; `headers` and `encoder` are not applied. */
const FORM_PARAMETERS = ["type", "filename", "headers", "encoder"];

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
  const [content, params] = splitFormValue(rest);
  const part: FormPart = { name, value: content };
  // After type=, parameters curl does not know are part of the content type
  // (`type=text/plain; charset=utf-8`), written as given, quotes and all.
  let inType = false;
  for (const param of params) {
    const sep = param.indexOf("=");
    const key = sep === -1 ? "" : param.slice(0, sep).trim().toLowerCase();
    const known = FORM_PARAMETERS.includes(key);
    if (inType && !known) {
      part.type += ";" + param;
      continue;
    }
    inType = false;
    if (key === "type") {
      part.type = param.slice(sep + 1).replace(LEADING_BLANKS, "");
      inType = true;
    } else if (key === "filename") {
      part.filename = unquoteFormWord(param.slice(sep + 1).trim());
    } else {
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `Form parameter ${JSON.stringify(param)} is not applied`,
      );
    }
  }
  if (part.type !== undefined) {
    part.type = part.type.replace(TRAILING_BLANKS, "");
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
 * Splits `value;type=…;filename=…`, honouring a double-quoted value. As
 * curl does, blanks before the value are skipped and, when it is not
 * quoted, blanks after it too (`-F 'a=  x  '` sends "x").
 */
function splitFormValue(rest: string): [string, string[]] {
  const prefix = rest[0] === "@" || rest[0] === "<" ? rest[0] : "";
  const body = rest.slice(prefix.length).replace(LEADING_BLANKS, "");
  let value: string;
  let tail: string;
  if (body.startsWith('"')) {
    let i = 1;
    let out = "";
    while (i < body.length && body[i] !== '"') {
      if (body[i] === "\\" && i + 1 < body.length) i++;
      out += body[i++];
    }
    value = out;
    tail = body.slice(i + 1);
  } else {
    const semi = body.indexOf(";");
    value = (semi === -1 ? body : body.slice(0, semi)).replace(
      TRAILING_BLANKS,
      "",
    );
    tail = semi === -1 ? "" : body.slice(semi);
  }
  const params = splitParameters(tail).slice(1).filter((p) => p.trim() !== "");
  return [prefix + value, params];
}

/** `text` split at each `;` outside double quotes (`charset="a;b"` is one). */
function splitParameters(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ";" && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

function unquoteFormWord(word: string): string {
  if (word.length >= 2 && word.startsWith('"') && word.endsWith('"')) {
    return word.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return word;
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

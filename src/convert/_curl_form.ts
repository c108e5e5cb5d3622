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
const FILE_TYPES: Record<string, string> = {
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
};

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
  for (const param of params) {
    const sep = param.indexOf("=");
    const key = sep === -1
      ? param.trim()
      : param.slice(0, sep).trim().toLowerCase();
    const val = sep === -1 ? "" : unquoteFormWord(param.slice(sep + 1).trim());
    if (key === "type") part.type = val;
    else if (key === "filename") part.filename = val;
    else {
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `Form parameter ${JSON.stringify(param)} is not applied`,
      );
    }
  }
  if (content.startsWith("@")) {
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
    part.type ??= FILE_TYPES[
      part.filename.slice(part.filename.lastIndexOf(".") + 1).toLowerCase()
    ] ??
      "application/octet-stream";
  } else if (content.startsWith("<")) {
    fileReference(
      cmd,
      written,
      at,
      content,
      "reads a file, which is never read; the part holds the reference",
    );
  }
  return part;
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
  const params = tail.split(";").slice(1).filter((p) => p.trim() !== "");
  return [prefix + value, params];
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
): { body: string; boundary: string } {
  const partText = parts.map((part) => {
    let head = `Content-Disposition: form-data; name="${
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
  const multipart = multipartBody(cmd.form);
  const custom = cmd.headers.find((h) =>
    !h.internal && h.name.toLowerCase() === "content-type"
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

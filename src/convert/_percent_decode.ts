// The one percent-decoder of form and query text (HAR `queryString` and
// `postData.params`, parseBody's form view). Every valid `%XX` escape is
// decoded, runs of them as UTF-8, and only the rest is kept as written: a
// `%` without two hex digits after it, and each escaped byte that is not part
// of well-formed UTF-8. Never all or nothing, as decodeURIComponent is.
import { decodeUtf8 } from "./_bytes.ts";

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
// What the WHATWG URL standard's decoders (URLSearchParams) do with bytes
// that are not UTF-8: U+FFFD per maximal invalid subpart.
const replacingDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * `text` percent-decoded; with `plusAsSpace` (form decoding,
 * `application/x-www-form-urlencoded`) a `+` is a space first, so `%2B`
 * still gives `+`. With `invalid: "replace"` escaped bytes that are not
 * UTF-8 become U+FFFD, as URLSearchParams decodes them, instead of staying
 * as written.
 */
export function percentDecode(
  text: string,
  plusAsSpace: boolean,
  invalid: "keep" | "replace" = "keep",
): string {
  const spaced = plusAsSpace && text.includes("+")
    ? text.replaceAll("+", " ")
    : text;
  if (!spaced.includes("%")) return spaced;
  return spaced.replace(
    ESCAPE_RUN,
    invalid === "keep" ? keepInvalid : replaceInvalid,
  );
}

function runBytes(run: string): Uint8Array {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
  }
  return bytes;
}

function replaceInvalid(run: string): string {
  return replacingDecoder.decode(runBytes(run));
}

/** A run of `%XX` escapes as UTF-8; escapes of invalid bytes as written. */
function keepInvalid(run: string): string {
  const bytes = runBytes(run);
  const whole = decodeUtf8(bytes);
  if (whole !== undefined) return whole;
  let out = "";
  let validFrom = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += replacingDecoder.decode(bytes.subarray(validFrom, i)) +
      run.slice(3 * i, 3 * i + 3);
    i++;
    validFrom = i;
  }
  // Between invalid bytes the decoder only ever sees well-formed UTF-8.
  return out + replacingDecoder.decode(bytes.subarray(validFrom));
}

/**
 * Length of the well-formed UTF-8 sequence starting at `at` (Unicode Table
 * 3-7: no overlong forms, surrogates or code points past U+10FFFF), or 0
 * when the byte there starts none.
 */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) {
    length = 2;
  } else if (first >= 0xe0 && first <= 0xef) {
    length = 3;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    length = 4;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else {
    return 0;
  }
  if (at + length > bytes.length) return 0;
  const second = bytes[at + 1];
  if (second < low || second > high) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes[at + k];
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}

/**
 * Incremental newline-delimited JSON parser. Lines end in LF or CRLF (a lone
 * CR also ends a line, since no JSON text contains a raw CR outside
 * whitespace); blank lines are skipped; an unterminated last line at end of
 * input is still parsed, because NDJSON writers commonly omit the final
 * newline. A line that is not JSON, or longer than `maxLineLength` (8 MiB by
 * default), throws an INVALID_RESPONSE AdapterError naming the line number.
 *
 * @module
 */

import { invalidResponse } from "./_errors.ts";
import { type LineParserOptions, readLines } from "./_lines.ts";

/**
 * Parses an NDJSON byte stream into values, incrementally. Cancels the stream
 * when the consumer stops early.
 *
 * @param body The response body.
 * @param options Line limit, provider id for errors, per-chunk hook.
 * @returns The parsed values, in order.
 */
export async function* parseNDJSON(
  body: ReadableStream<Uint8Array>,
  options: LineParserOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  let lineNumber = 0;
  for await (const { line } of readLines(body, options)) {
    lineNumber++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw invalidResponse(
        options.provider ?? "stream",
        `NDJSON line ${lineNumber} is not valid JSON`,
        { cause, details: { line: lineNumber } },
      );
    }
    yield value;
  }
}

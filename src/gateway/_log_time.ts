// The log line's `time`: the instant as `Date#toISOString` writes it. A
// Date and its formatting cost more than the rest of a log entry's fields
// together (about 2.5 µs against 1.2 µs for the line's JSON), and a busy
// gateway logs many requests in the same second, so the text up to the
// second is kept and only the milliseconds are written per line.

/** Milliseconds a Date can hold either side of 1970 (ECMA-262 TimeClip). */
const MAX_TIME = 8.64e15;

let cachedSecond = Number.NaN;
/** `YYYY-MM-DDTHH:MM:SS.` of `cachedSecond`. */
let cachedPrefix = "";

/**
 * `new Date(ms).toISOString()`, the same text for every `ms` (it throws the
 * same RangeError for a time a Date cannot hold).
 */
export function isoTime(ms: number): string {
  // A Date truncates its time value toward zero, as here.
  const time = Math.trunc(ms);
  if (!(Math.abs(time) <= MAX_TIME)) return new Date(ms).toISOString();
  const second = Math.floor(time / 1000);
  if (second !== cachedSecond) {
    // Its text ends ".000Z": the prefix keeps everything up to the point.
    const text = new Date(second * 1000).toISOString();
    cachedPrefix = text.slice(0, -4);
    cachedSecond = second;
  }
  const millis = time - second * 1000;
  return `${cachedPrefix}${
    millis < 10 ? "00" : millis < 100 ? "0" : ""
  }${millis}Z`;
}

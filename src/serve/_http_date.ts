// The Date header of the listener's answers (RFC 9110 §6.6.1: an origin
// server with a clock sends one on every 2xx, 3xx and 4xx answer), as
// Deno.serve and node:http add it. Formatted once a second, as both do: a
// `Date` and its text a response would cost more than the rest of the head.

let second = -1;
let text = "";

/** Now as an IMF-fixdate (`Tue, 01 Dec 2026 02:00:33 GMT`), at most once a second. */
export function httpDate(now: number = Date.now()): string {
  const current = Math.floor(now / 1000);
  if (current !== second) {
    second = current;
    text = new Date(current * 1000).toUTCString();
  }
  return text;
}

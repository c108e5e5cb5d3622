// A percent-encoded `data:` URL (an image or a text file a client inlines
// without base64) is decoded to its exact bytes before it goes to a provider
// as base64, and the decoder finishes on every input: a `%` not followed by
// two hex digits, a `%` at the very end, escapes in either letter case, raw
// UTF-8 between escapes. The decoding runs in a worker the test stops when no
// answer comes, so a decoder that loops forever fails within the bound
// instead of holding the run until an outer time limit. Deno only (a Worker
// with a module URL).
import assert from "node:assert/strict";
import { withTimeout } from "../../_timeout.ts";

type Decoded = { mediaType: string; bytes: number[] } | undefined;

const utf8 = (text: string) => Array.from(new TextEncoder().encode(text));

/** Each URL, and what a client sent: its media type and its bytes. */
const CASES: Array<[string, Decoded]> = [
  ["data:text/plain,Hello%2C%20World", {
    mediaType: "text/plain",
    bytes: utf8("Hello, World"),
  }],
  ["data:text/plain,100%", { mediaType: "text/plain", bytes: utf8("100%") }],
  ["data:text/plain,%zz%4", { mediaType: "text/plain", bytes: utf8("%zz%4") }],
  ["data:,%", { mediaType: "", bytes: [0x25] }],
  ["data:image/png,%89PNG%0d%0A%1A%0a", {
    mediaType: "image/png",
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  }],
  ["data:Text/Plain;Charset=UTF-8,caf%C3%A9 %e2%82%ac \u00fc%", {
    mediaType: "text/plain",
    bytes: utf8("caf\u00e9 \u20ac \u00fc%"),
  }],
  ["data:text/plain,", { mediaType: "text/plain", bytes: [] }],
  ["https://example.com/a.png", undefined],
];

Deno.test("a percent-encoded data: URL decodes to its exact bytes, and the decoder ends on every input", async () => {
  const worker = new Worker(
    new URL("./_data_url_worker.ts", import.meta.url),
    { type: "module" },
  );
  try {
    const messages: unknown[] = [];
    let failure: string | undefined;
    let wake = () => {};
    worker.onmessage = (event: MessageEvent) => {
      messages.push(event.data);
      wake();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failure = event.message;
      wake();
    };
    // The next message, whether it came before this call or comes after.
    const next = () =>
      new Promise<unknown>((resolve, reject) => {
        wake = () => {
          if (failure !== undefined) reject(new Error(failure));
          else if (messages.length > 0) resolve(messages.shift());
        };
        wake();
      });
    // Loading (type-checking, on a loaded machine) gets a wide bound; the
    // decoding itself, a few hundred bytes, a tight one.
    assert.equal(
      await withTimeout(next(), 120_000, "the worker never loaded"),
      "ready",
    );
    const answer = next();
    worker.postMessage(CASES.map(([url]) => url));
    const decoded = await withTimeout(
      answer,
      10_000,
      "the data: URL decoder never finished (a loop that stops moving on)",
    ) as Decoded[];
    CASES.forEach(([url, expected], index) => {
      assert.deepEqual(decoded[index], expected, url);
    });
  } finally {
    worker.terminate();
  }
});

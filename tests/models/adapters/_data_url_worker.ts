// Decodes `data:` URLs off the test's thread: a decoder that never ends
// (a loop that stops moving forward) blocks this worker, not the test, which
// can then stop it and fail at once. Posts back each URL's media type and
// decoded bytes, in order. Says "ready" first, once its modules are loaded.
import { parseDataURL } from "../../../src/models/adapters/_ir.ts";

/** The worker's global scope, as far as this script uses it. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<string[]>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  scope.postMessage(event.data.map((url) => {
    const parsed = parseDataURL(url);
    if (parsed === undefined) return undefined;
    const binary = atob(parsed.data);
    return {
      mediaType: parsed.mediaType,
      bytes: Array.from(binary, (c) => c.charCodeAt(0)),
    };
  }));
};

scope.postMessage("ready");

// Reading a provider's answer body within its bound: the bound is inclusive
// (a body of exactly `limit` bytes is whole, as the declared-length check
// already reads it), and a read given up before it began still lets go of
// the body, so the connection behind it is released. Found by a fresh
// mutation draw of the adapters. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import {
  hasSmallIdentityBody,
  readBytes,
} from "../../../src/models/adapters/_body.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { rejection } from "./_fake.ts";

/**
 * A body that sends `pieces` one per pull, then ends, or with `more`, keeps
 * the connection open as if the rest were still coming; records its
 * cancellation (a stream already closed is not told).
 */
function source(pieces: readonly Uint8Array[], more = false): {
  body: ReadableStream<Uint8Array>;
  cancelled: unknown[];
} {
  const cancelled: unknown[] = [];
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(pieces[next++]);
      else if (!more) controller.close();
      else return new Promise<void>(() => {});
    },
    cancel(reason) {
      cancelled.push(reason);
    },
  });
  return { body, cancelled };
}

const bytes = (length: number, fill = 0x61) =>
  new Uint8Array(length).fill(fill);

describe("an answer body of exactly the bound", () => {
  it("is read whole when over-long bodies are refused", async () => {
    const { body, cancelled } = source([bytes(6), bytes(4, 0x62)]);
    const read = await readBytes(
      "p",
      body,
      10,
      false,
      new AbortController().signal,
    );
    assert.equal(new TextDecoder().decode(read), "aaaaaabbbb");
    assert.deepEqual(cancelled, []);
    // The same bound as a declared length: 10 bytes declared are small.
    const declared = new Response("x", { headers: { "content-length": "10" } });
    assert.equal(hasSmallIdentityBody(declared, 10), true);
    await declared.body?.cancel();
  });

  it("one byte more is INVALID_RESPONSE, and the body is cancelled", async () => {
    const { body, cancelled } = source([bytes(6), bytes(5)], true);
    const error = await rejection(
      readBytes("p", body, 10, false, new AbortController().signal),
    );
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /larger than 10 bytes/);
    assert.equal(cancelled.length, 1);
  });

  it("when truncating, a body that fills the bound and goes on is cut there and cancelled", async () => {
    // An error page of the bound's size followed by more: the bytes kept are
    // the bound's, and the rest is not left on the connection.
    const { body, cancelled } = source([bytes(10), bytes(3, 0x62)], true);
    const read = await readBytes(
      "p",
      body,
      10,
      true,
      new AbortController().signal,
    );
    assert.deepEqual(read, bytes(10));
    assert.equal(cancelled.length, 1);
  });
});

describe("a read given up before it began", () => {
  it("a signal already aborted rejects with its reason and cancels the body", async () => {
    // A deadline that passes between the answer's head and its body's read.
    const controller = new AbortController();
    const reason = new DOMException("deadline", "TimeoutError");
    controller.abort(reason);
    const { body, cancelled } = source([bytes(3)], true);
    const error = await rejection(
      readBytes("p", body, 10, false, controller.signal),
    );
    assert.equal(error, reason);
    assert.equal(cancelled.length, 1, "the body was not released");
    assert.equal(body.locked, false);
  });
});

// The gateway's bounded body reader (src/gateway/_read_bounded.ts, part of
// the listener's area): a body is refused as soon as it is seen to pass the
// bound, declared or streamed, exactly at the bound accepted; a streamed
// body is returned whole and exact however its pieces fall, without ever
// allocating the bound itself; and readJson's refusals carry their status,
// type and code.
import assert from "node:assert/strict";
import { readBounded, readJson } from "../../src/gateway/_read_bounded.ts";
import { GatewayError } from "../../src/gateway/errors.ts";

class TooLarge extends Error {}
const tooLarge = () => new TooLarge("too large");
const utf8 = new TextEncoder();

/** A POST whose body comes as `pieces`, without a Content-Length. */
function streamed(
  pieces: Uint8Array[],
  seen: { cancelled: boolean; pulled: number } = {
    cancelled: false,
    pulled: 0,
  },
): Request {
  let i = 0;
  return new Request("http://gateway.test/v1/chat/completions", {
    method: "POST",
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        seen.pulled++;
        if (i < pieces.length) controller.enqueue(pieces[i++]);
        else controller.close();
      },
      cancel() {
        seen.cancelled = true;
      },
    }),
    duplex: "half",
  } as RequestInit);
}

/** `n` bytes counting up from `from` (mod 251), so a misplaced byte shows. */
function bytes(n: number, from = 0): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (from + i) % 251);
}

/**
 * Asserts `actual` is `expected` byte for byte, naming the first difference:
 * a deepEqual of two large arrays that differ spends minutes printing their
 * diff (under load, long enough to look like a hang).
 */
function assertSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  assert.equal(actual.byteLength, expected.byteLength, "length");
  const at = actual.findIndex((byte, i) => byte !== expected[i]);
  assert.equal(at, -1, `first different byte at ${at}`);
}

/** A POST of `body` declaring `length` (as a served request does). */
function declared(body: string, length = utf8.encode(body).byteLength) {
  return new Request("http://gateway.test/", {
    method: "POST",
    body,
    headers: { "content-length": String(length) },
  });
}

Deno.test("readBounded: a declared length up to the bound is read, one past it refused before reading", async () => {
  const at = declared("abcd");
  assert.equal(at.headers.get("content-length"), "4");
  assert.deepEqual(await readBounded(at, 4, tooLarge), utf8.encode("abcd"));
  const over = declared("abcde");
  await assert.rejects(readBounded(over, 4, tooLarge), TooLarge);
  assert.equal(over.bodyUsed, false, "refused from the header, unread");
  // A length that lies (a Request built in process) is checked on the bytes.
  await assert.rejects(
    readBounded(declared("abcdefgh", 2), 4, tooLarge),
    TooLarge,
  );
  // No body at all: empty bytes.
  const empty = await readBounded(
    new Request("http://gateway.test/"),
    4,
    tooLarge,
  );
  assert.equal(empty.byteLength, 0);
});

Deno.test("readBounded: a streamed body up to the bound comes back whole and exact, one byte past it is refused and cancelled", async () => {
  // Pieces that cross the first 16 KiB buffer, then double it, then fill it
  // to the exact bound.
  const sizes = [10_000, 10_000, 30_000, 1, 15_535];
  const limit = sizes.reduce((a, b) => a + b, 0);
  let from = 0;
  const pieces = sizes.map((n) => {
    const piece = bytes(n, from);
    from += n;
    return piece;
  });
  const whole = await readBounded(streamed(pieces), limit, tooLarge);
  assert.equal(whole.byteLength, limit);
  assertSameBytes(whole, bytes(limit));

  const seen = { cancelled: false, pulled: 0 };
  await assert.rejects(
    readBounded(
      streamed([...pieces, bytes(1), bytes(100_000)], seen),
      limit,
      tooLarge,
    ),
    TooLarge,
  );
  assert.equal(seen.cancelled, true, "the rest of the body is cancelled");

  // Short bodies: exact length, not the buffer's.
  const short = await readBounded(
    streamed([utf8.encode("hi")]),
    1024,
    tooLarge,
  );
  assert.deepEqual(short, utf8.encode("hi"));
  const none = await readBounded(streamed([]), 1024, tooLarge);
  assert.equal(none.byteLength, 0);
});

Deno.test("readBounded: a huge bound is not allocated for a small streamed body", async () => {
  // A bound of a terabyte (a gateway configured with no practical limit):
  // the buffer grows with the body, it is never sized to the bound.
  const body = bytes(40_000);
  const read = await readBounded(
    streamed([body.subarray(0, 20_000), body.subarray(20_000)]),
    2 ** 40,
    tooLarge,
  );
  assertSameBytes(read, body);
});

Deno.test("readJson: 413 past the bound, 400 for a body that fails or is not JSON, each with its type and code", async () => {
  const refusal = async (request: Request, limit: number) => {
    try {
      await readJson(request, limit);
    } catch (error) {
      assert.ok(error instanceof GatewayError, String(error));
      return {
        status: error.status,
        type: error.type,
        code: error.code,
        message: error.message,
      };
    }
    assert.fail("no refusal");
  };
  assert.deepEqual(
    await refusal(
      new Request("http://g.test/", { method: "POST", body: "[1,2,3]" }),
      4,
    ),
    {
      status: 413,
      type: "invalid_request_error",
      code: "request_too_large",
      message: "The request body is larger than 4 bytes.",
    },
  );
  const broken = new Request("http://g.test/", {
    method: "POST",
    body: new ReadableStream({
      pull(controller) {
        controller.error(new TypeError("connection reset"));
      },
    }),
    duplex: "half",
  } as RequestInit);
  assert.deepEqual(await refusal(broken, 1024), {
    status: 400,
    type: "invalid_request_error",
    code: "invalid_body",
    message: "The request body could not be read (broken framing).",
  });
  assert.deepEqual(
    await refusal(
      new Request("http://g.test/", { method: "POST", body: "{no" }),
      1024,
    ),
    {
      status: 400,
      type: "invalid_request_error",
      code: "invalid_json",
      message: "The request body is not valid JSON.",
    },
  );
  assert.deepEqual(
    await readJson(
      new Request("http://g.test/", { method: "POST", body: '{"a":"é"}' }),
      1024,
    ),
    { a: "é" },
  );
});

// Behaviour of the template router that the fourteenth mutation round (seed
// 20261216, and bugs planted by hand in its least-tested files) found
// unguarded in streamed bodies: each test names the planted bug it catches.
// Heads and known-length bodies: route_r15_mutants_test.ts; patterns and
// constraints: pattern_r15_mutants_test.ts; HTTPExpression:
// expression_r15_mutants_test.ts.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createRoute,
  createRouter,
} from "../../src/router/mod.ts";
import { withTimeout } from "../_timeout.ts";
import { watchUnhandled } from "./_r11_answers.ts";

const DECODER = new TextDecoder();

/** The next chunk of `reader` as text, bounded. */
async function nextText(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  what: string,
): Promise<string | undefined> {
  const { done, value } = await withTimeout(reader.read(), 5_000, what);
  return done ? undefined : DECODER.decode(value);
}

/**
 * Runs `body`, then asserts that no promise rejection went unhandled meanwhile.
 * Deno reports rejections in the order they happened, so once a control
 * rejection made after `body` is reported, any left unhandled by it has been.
 */
async function leavesNoneUnhandled(body: () => Promise<void>): Promise<void> {
  const unhandled: unknown[] = [];
  const control = new Error("control");
  let controlSeen!: () => void;
  const controlReported = new Promise<void>((resolve) => controlSeen = resolve);
  const stopWatching = watchUnhandled((reason) => {
    if (reason === control) controlSeen();
    else unhandled.push(reason);
  });
  try {
    await body();
    if (typeof globalThis.addEventListener === "function") {
      Promise.reject(control);
      await withTimeout(controlReported, 5_000, "the control rejection");
    } else {
      // Node's test runner fails a test for any unhandled rejection, a
      // control one included; Node reports them once the microtasks of a
      // macrotask have run, so one macrotask later every one has been.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    assert.deepEqual(unhandled, []);
  } finally {
    stopWatching();
  }
}

describe("a streamed body's text between two substitutions", () => {
  // _template_parse.ts:99 (`merged[merged.length - 1]`→`merged[merged.length]`
  // in joinBody): adjacent texts were no longer merged, so every line of a
  // streamed template went out as its own chunk: a reader of the first chunk
  // got the page's first line, not the shell before the slow part, and a
  // served page cost one write and one chunk frame per line.
  it("arrives as one chunk in a streamed response", async () => {
    let release!: (text: string) => void;
    const slow = new Promise<string>((resolve) => release = resolve);
    const page = createRoute({ streaming: true })`
      <!doctype html>
      <title>Report</title>
      <p>working…</p>
      ${() => slow}
      <p>end</p>
    `;
    const response = await page(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(
      await nextText(reader, "the shell"),
      "<!doctype html>\n<title>Report</title>\n<p>working…</p>\n",
    );
    release("done");
    assert.equal(await nextText(reader, "the slow part"), "done");
    assert.equal(await nextText(reader, "the tail"), "\n<p>end</p>");
    assert.equal(await nextText(reader, "the end"), undefined);
  });

  it("arrives as one chunk in a request body a handler reads chunk by chunk", async () => {
    const request = await createRequest()`
      POST http://localhost/upload
      Content-Type: text/plain

      first line
      second line
      ${() =>
      new ReadableStream<string>({
        start(controller) {
          controller.enqueue("streamed");
          controller.close();
        },
      })}
      last line
    `;
    const reader = request.body!.getReader();
    const chunks: string[] = [];
    for (let i = 0; i < 10; i++) {
      const text = await nextText(reader, `request chunk ${i}`);
      if (text === undefined) break;
      chunks.push(text);
    }
    assert.deepEqual(chunks, [
      "first line\nsecond line\n",
      "streamed",
      "\nlast line",
    ]);
  });
});

describe("substitutions that reject after an earlier one failed the response", () => {
  // _render.ts:54 (evaluate's `result.catch(noop)` dropped, seed 20261216)
  // and route.ts:291 (the fast path's `value.catch` dropped): a rejection no
  // one awaits any more, because another substitution already failed the
  // response, went unhandled, which ends a Deno server's process by default.
  it("answer 500 and leave no rejection unhandled", async () => {
    await leavesNoneUnhandled(async () => {
      const router = createRouter({
        errorHandler: () => new Response("", { status: 500 }),
      });
      // A fixed head (the fast path hands the rest over) and a substituted
      // one (every value evaluated at once).
      router.endpoint`GET /fixed`(
        createRoute()`${() => Promise.reject(new Error("first"))} ${() =>
          Promise.reject(new Error("second"))}`,
      );
      router.endpoint`GET /head`(createRoute()`
        HTTP/1.1 200 OK
        X-Kind: ${() => "dynamic"}

        ${() => Promise.reject(new Error("first"))} ${() =>
        Promise.reject(new Error("second"))}
      `);
      // A later substitution that throws at once: the promise before it
      // (handed over by the fast path) is then never awaited.
      router.endpoint`GET /throws`(
        createRoute()`${() => Promise.reject(new Error("first"))} ${() => {
          throw new Error("second");
        }}`,
      );
      for (const path of ["/fixed", "/head", "/throws"]) {
        const response = await router(new Request(`http://localhost${path}`));
        assert.equal(response.status, 500, path);
        await response.body?.cancel();
      }
    });
  });
});

describe("a substituted stream's byte chunks of every kind", () => {
  // _render.ts:98 (chunkBytes' `return new Uint8Array(value)` for an
  // ArrayBuffer dropped, seed 20261217): an ArrayBuffer chunk fell through to
  // the text case and went out as "[object ArrayBuffer]". A stream of bytes
  // (a file, a proxied body) may hand out ArrayBuffers, views of part of a
  // buffer, or Uint8Arrays; each is sent as its bytes, escaped in no body.
  it("are sent as their bytes, in a known and in a streamed body", async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const shared = bytes("__view__");
    const source = () =>
      new ReadableStream<unknown>({
        start(controller) {
          controller.enqueue(bytes("<a>").buffer);
          controller.enqueue(new DataView(shared.buffer, 2, 4));
          controller.enqueue(bytes("&"));
          controller.enqueue(new Uint16Array(bytes("<b").buffer));
          controller.close();
        },
      });
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`
        HTTP/1.1 200 OK
        Content-Type: text/html

        [${source}]
      `;
      const response = await route(new Request("http://localhost/"));
      assert.equal(
        await response.text(),
        "[<a>view&<b]",
        `streaming ${streaming}`,
      );
    }
  });
});

describe("a streamed body reads a substituted stream only as its reader asks", () => {
  // _render.ts:424 (the `return` after a text part's enqueue dropped):
  // streamParts went on past the text it had handed out, opened the next
  // substituted stream and pulled a chunk from it before the client asked
  // for one, so a slow client no longer held back a cursor or an upstream
  // body chunk by chunk.
  it("pulls the substituted stream after the text before it is read", async () => {
    let pulls = 0;
    const route = createRoute({ streaming: true })`before ${() =>
      new ReadableStream<string>({
        pull(controller) {
          pulls++;
          if (pulls <= 2) controller.enqueue(`row${pulls} `);
          else controller.close();
        },
      }, { highWaterMark: 0 })} after`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the text"), "before ");
    assert.equal(pulls, 0, "pulled before the reader asked");
    assert.equal(await nextText(reader, "row 1"), "row1 ");
    assert.equal(pulls, 1);
    assert.equal(await nextText(reader, "row 2"), "row2 ");
    assert.equal(pulls, 2);
    assert.equal(await nextText(reader, "the end text"), " after");
    assert.equal(await nextText(reader, "the end"), undefined);
  });
});

describe("a streamed body that ends", () => {
  // _render.ts:418 (the `return` after `controller.close()` dropped): the
  // pull went on past the last part and closed the stream again, and the
  // TypeError that threw went to the router's errorHandler for a response
  // that had been sent whole.
  it("reports no error once its last part is sent", async () => {
    const reported: unknown[] = [];
    const router = createRouter({
      errorHandler: (error) => {
        reported.push(error);
        return new Response("", { status: 500 });
      },
    });
    router.endpoint`GET /page`(
      createRoute({ streaming: true })`<p>${() => Promise.resolve("done")}</p>`,
    );
    const response = await router(new Request("http://localhost/page"));
    assert.equal(await response.text(), "<p>done</p>");
    assert.deepEqual(reported, []);
  });
});

describe("a client that stops reading a streamed body midway", () => {
  // _render.ts:450 (the body's cancel no longer cancelling the substituted
  // stream it is reading): a client gone while a substituted stream was being
  // piped left that stream, locked by the body, running: a file handle, a
  // cursor or an upstream request held open with no one to read it.
  it("cancels the substituted stream being read, with the client's reason", async () => {
    let cancelled!: (reason: unknown) => void;
    const sourceCancelled = new Promise((resolve) => cancelled = resolve);
    let rows = 0;
    const route = createRoute()`rows: ${() =>
      new ReadableStream<string>({
        pull(controller) {
          controller.enqueue(`row${++rows} `);
        },
        cancel(reason) {
          cancelled(reason);
        },
      })}`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the text"), "rows: ");
    assert.equal(await nextText(reader, "a row"), "row1 ");
    await reader.cancel("client gone");
    assert.equal(
      await withTimeout(sourceCancelled, 5_000, "the source's cancel"),
      "client gone",
    );
  });
});

describe("empty chunks of a substituted stream", () => {
  // _render.ts:410 and :436 (the `continue` past an empty chunk dropped): an
  // empty string or byte array from the stream, or substituted bytes that
  // are empty, went out as an empty chunk, which a
  // chunked HTTP/1.1 writer that frames each chunk as it comes sends as the
  // zero-size chunk ending the body.
  it("are skipped: every chunk the body gives has bytes", async () => {
    for (const streaming of [false, true]) {
      const route = createRoute({ streaming })`[${() =>
        new ReadableStream<unknown>({
          start(controller) {
            for (const chunk of ["", "a", new Uint8Array(0), "", "b", ""]) {
              controller.enqueue(chunk);
            }
            controller.close();
          },
        })}]`;
      const response = await route(new Request("http://localhost/"));
      const reader = response.body!.getReader();
      const chunks: string[] = [];
      for (let i = 0; i < 20; i++) {
        const text = await nextText(reader, `chunk ${i}`);
        if (text === undefined) break;
        chunks.push(text);
      }
      assert.equal(chunks.join(""), "[ab]", `streaming ${streaming}`);
      assert.ok(
        chunks.every((chunk) => chunk !== ""),
        `an empty chunk among ${JSON.stringify(chunks)}`,
      );
    }
  });
});

describe("empty bytes substituted into a streamed body", () => {
  // _render.ts:436: see above; here the empty bytes are the substitution.
  it("give no chunk", async () => {
    const route = createRoute({ streaming: true })`a${() =>
      new Uint8Array(0)}${() => Promise.resolve(new Uint8Array(0))}b`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the first text"), "a");
    assert.equal(await nextText(reader, "the last text"), "b");
    assert.equal(await nextText(reader, "the end"), undefined);
  });
});

describe("a streamed body whose part fails", () => {
  // _render.ts:444 (cancelRest dropped from the body's error path): a failed
  // substitution errored the body but left the substituted streams after it,
  // never to be read, running: their files, cursors or upstream requests
  // stayed open. And :395 (its stream test's `&&` made `||`): a later value
  // that is no stream (42, null) was cancelled too, and the TypeError that
  // threw went unhandled.
  it("cancels the substituted streams after it, with the error", async () => {
    await leavesNoneUnhandled(async () => {
      let cancelled!: (reason: unknown) => void;
      const laterCancelled = new Promise((resolve) => cancelled = resolve);
      const failure = new Error("lookup failed");
      const route = createRoute({ streaming: true })`a ${() =>
        Promise.reject(failure)} ${() => 42} ${() => null} b ${() =>
        new ReadableStream<string>({
          pull(controller) {
            controller.enqueue("never read");
          },
          cancel(reason) {
            cancelled(reason);
          },
        })}`;
      const response = await route(new Request("http://localhost/"));
      const reader = response.body!.getReader();
      assert.equal(await nextText(reader, "the text"), "a ");
      await assert.rejects(withTimeout(reader.read(), 5_000, "the failure"), {
        message: "lookup failed",
      });
      assert.equal(
        await withTimeout(laterCancelled, 5_000, "the later stream's cancel"),
        failure,
      );
    });
  });
});

describe("a streamed JSON body", () => {
  // _render.ts:416 (`index >= parts.length`→`>`): the pull read one part past
  // the end, an undefined substitution, which JSON renders as null, so the
  // document gained a trailing "null".
  it("ends with its last part", async () => {
    const route = createRoute({
      streaming: true,
      headers: { "content-type": "application/json" },
    })`{"total": ${() => Promise.resolve(3)}}`;
    const response = await route(new Request("http://localhost/"));
    assert.equal(await response.text(), '{"total": 3}');
  });
});

describe("a route whose body starts with a substituted stream", () => {
  // _render.ts:422 (the `continue` past an empty text part dropped): the
  // fast path hands the body over with the text before the stream, "" here,
  // and that empty text went out as an empty first chunk.
  it("gives no empty chunk", async () => {
    const route = createRoute()`${() =>
      new ReadableStream<string>({
        start(controller) {
          controller.enqueue("streamed");
          controller.close();
        },
      })} tail`;
    const response = await route(new Request("http://localhost/"));
    const reader = response.body!.getReader();
    assert.equal(await nextText(reader, "the stream's chunk"), "streamed");
    assert.equal(await nextText(reader, "the tail"), " tail");
    assert.equal(await nextText(reader, "the end"), undefined);
  });
});

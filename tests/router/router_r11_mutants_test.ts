// Behaviour the mutation draws of seeds 20261203 and 20261204 found unguarded
// in the template router, and bugs planted by hand beside them: each test
// names the planted bug it catches (`deno task mutation --sample`).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  createRequest,
  createResponse,
  createRoute,
  createRouter,
  type ErrorHandler,
  type Handler,
  RouteError,
} from "../../src/router/mod.ts";

const named = (name: string): Handler => () => new Response(name);

async function answer(
  router: (request: Request) => Promise<Response>,
  href: string,
  init?: RequestInit,
): Promise<string> {
  const response = await router(new Request(href, init));
  const text = await response.text();
  return response.status === 200 ? text : String(response.status);
}

/** The RouteError a definition throws, or a failed assertion. */
function refusal(define: () => unknown): RouteError {
  try {
    define();
  } catch (error) {
    assert.ok(error instanceof RouteError, `not a RouteError: ${error}`);
    return error;
  }
  assert.fail("the definition was accepted");
}

describe("router: an endpoint's Host line", () => {
  // _host.ts:93 (`offset += label.length + 1` lost its `+ 1`): a bad label
  // after the first was reported one character early per dot before it.
  it("a bad label's offset counts the dots before it", () => {
    const error = refusal(() =>
      createRouter().endpoint`GET /
        Host: api.ex!ample.com`(named("never"))
    );
    assert.equal(error.code, "INVALID_PATTERN");
    assert.equal(error.offset, 6);
    assert.match(error.message, /at offset 6:/);
    const third = refusal(() =>
      createRouter().endpoint`GET /
        Host: a.b.c$d`(named("never"))
    );
    assert.equal(third.offset, 5);
  });

  // _host.ts:158 (`line.trim() === ""` read as `line === ""`): a line of
  // blanks between the start line and the Host line was taken for a header
  // line and the endpoint refused.
  it("a line of blanks before the Host line is ignored", async () => {
    const router = createRouter()
      .endpoint`GET /
        ${"  \t"}
        Host: api.example.com`(named("api"))
      .endpoint`GET /`(named("every host"));
    assert.equal(await answer(router, "http://api.example.com/"), "api");
    assert.equal(
      await answer(router, "http://other.example.com/"),
      "every host",
    );
  });
});

describe("createRoute: the reason phrase of a status line without one", () => {
  // _render.ts:250 (`parsed.status !== status` inverted): the init's reason
  // went out on another status, and the init's own status lost its reason.
  it("the init's reason goes with the init's status only", async () => {
    const moved = await createRoute({ statusText: "All good" })`
      HTTP/1.1 201

      made`(new Request("http://localhost/"));
    assert.equal(moved.status, 201);
    assert.equal(moved.statusText, "Created");
    assert.equal(await moved.text(), "made");
    const kept = await createRoute({ status: 404, statusText: "Gone fishing" })`
      HTTP/1.1 404

      nothing here`(new Request("http://localhost/"));
    assert.equal(kept.status, 404);
    assert.equal(kept.statusText, "Gone fishing");
    assert.equal(await kept.text(), "nothing here");
    // A reason written in the template wins over the init's.
    const written = await createRoute({ status: 404, statusText: "Gone" })`
      HTTP/1.1 404 Not Here
    `(new Request("http://localhost/"));
    assert.equal(written.statusText, "Not Here");
  });
});

describe("createResponse: a status that carries no body", () => {
  // message.ts:89 (the `return` of the null-body branch dropped): a 204,
  // 205 or 304 went on to an empty byte body, which Response refuses.
  it("204, 205 and 304 answer with no body, their headers kept", async () => {
    for (const status of [204, 205, 304]) {
      const response = await createResponse`
        HTTP/1.1 ${status}
        ETag: "v1"
      `;
      assert.equal(response.status, status);
      assert.equal(response.body, null);
      assert.equal(response.headers.get("etag"), '"v1"');
      assert.equal(response.headers.get("content-length"), null);
    }
  });
});

describe("createRequest: a stream substituted as a value", () => {
  // message.ts:225 (`checkValues` dropped): a ReadableStream value went into
  // the request's body where every other template refuses it.
  it("is refused as INVALID_TEMPLATE, and the stream is left unread", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("payload"));
        controller.close();
      },
    });
    await assert.rejects(
      createRequest()`
        POST http://localhost/upload

        ${stream}
      `,
      (error: unknown) =>
        error instanceof RouteError && error.code === "INVALID_TEMPLATE",
    );
    assert.equal(stream.locked, false);
    await stream.cancel();
    // A function that returns the stream is the way, and is sent.
    const request = await createRequest()`
      POST http://localhost/upload

      ${() =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("payload"));
          controller.close();
        },
      })}
    `;
    assert.equal(await request.text(), "payload");
  });
});

describe("router: an errorHandler that answers a stream error with nothing", () => {
  // router.ts:498 (`response?.body` read as `response.body`): an
  // errorHandler that only logs a streamed part's failure (returns
  // undefined) made the router throw from a promise no one awaits.
  it("the stream fails for the client, the error is reported once, nothing is thrown", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => {
      event.preventDefault();
      unhandled.push(event.reason);
    };
    globalThis.addEventListener("unhandledrejection", onUnhandled);
    try {
      const reported: string[] = [];
      const logOnly = ((error: Error) => {
        reported.push(error.message);
      }) as unknown as ErrorHandler;
      let fail: (error: Error) => void = () => {};
      const late = new Promise<string>((_, reject) => fail = reject);
      const router = createRouter({ errorHandler: logOnly }).endpoint`GET /`(
        createRoute({ streaming: true })`before ${() => late} after`,
      );
      const response = await router(new Request("http://localhost/"));
      assert.equal(response.status, 200);
      const text = response.text();
      fail(new Error("late"));
      await assert.rejects(text);
      assert.deepEqual(reported, ["late"]);
      // The handler's answer is read in a later microtask; a macrotask
      // runs only once every microtask before it has.
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.deepEqual(unhandled, []);
    } finally {
      globalThis.removeEventListener("unhandledrejection", onUnhandled);
    }
  });
});

/**
 * Answers whose handler declares its `Content-Length`, above the 64 KiB a
 * listener reads whole: served by the Deno listener in a test and by the
 * Node listener in a fixture, so both are held to one wire.
 *
 * @module
 */
import type { ServeHandler } from "../../src/serve/mod.ts";

/** The length every route declares. */
export const DECLARED = 100_000;

/** What a client must receive: four pieces of 25,000 bytes, a to d. */
export const FULL_BODY = ["a", "b", "c", "d"].map((letter) =>
  letter.repeat(DECLARED / 4)
).join("");

const utf8 = new TextEncoder();

/**
 * A body of `pieces`, one a timer apart: still being produced when the
 * listener looks, as a relayed upstream body is.
 */
function paced(pieces: string[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1));
      if (i < pieces.length) controller.enqueue(utf8.encode(pieces[i++]));
      else controller.close();
    },
  });
}

const PIECES = ["a", "b", "c", "d"].map((l) => l.repeat(DECLARED / 4));
const declared = { "content-length": String(DECLARED) };

/**
 * The handler: `/paced`: the declared length, in pieces apart in time;
 * `/bytes`: the same bytes whole at once; `/longer`: its last piece 1,000
 * bytes past the declared length; `/shorter`: all of it but its last byte;
 * `/held-open`: the declared length, then a body that never ends (`say`s
 * `cancelled /held-open` once cancelled); `/not-a-number`: the pieces apart
 * in time, declared as `abc`; `/none`: no body, the length declared (what
 * a HEAD answer declares; a GET gets no body). Any other path: its method
 * and path, undeclared. Each answer's delivery is said as `completed <path>
 * ok` or `completed <path> <error name>`.
 */
export function declaredAnswers(say: (line: string) => void): ServeHandler {
  return (request, info) => {
    const path = new URL(request.url).pathname;
    info?.completed?.then(
      () => say(`completed ${path} ok`),
      (error: Error) => say(`completed ${path} ${error.name}`),
    );
    switch (path) {
      case "/paced":
        return new Response(paced(PIECES), { headers: declared });
      case "/bytes":
        return new Response(utf8.encode(FULL_BODY), { headers: declared });
      case "/longer":
        return new Response(
          paced([...PIECES.slice(0, 3), PIECES[3] + "e".repeat(1000)]),
          { headers: declared },
        );
      case "/shorter":
        return new Response(paced([FULL_BODY.slice(0, -1)]), {
          headers: declared,
        });
      case "/held-open":
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(utf8.encode(FULL_BODY));
            },
            cancel: () => say("cancelled /held-open"),
          }),
          { headers: declared },
        );
      case "/not-a-number":
        return new Response(paced(PIECES), {
          headers: { "content-length": "abc" },
        });
      case "/none":
        return new Response(null, { headers: declared });
      default:
        return new Response(`${request.method} ${path}`);
    }
  };
}

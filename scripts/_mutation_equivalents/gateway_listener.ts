// The reviewed equivalents of the gateway-listener area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { Equivalent } from "./equivalent.ts";

// A string in a type argument (`Pick<ServeLimits, "a" | "b">`) is erased
// when the module loads; the sample runs tests without type checking.
const PICK_TYPE_ARGUMENT =
  "the string is a key in Pick<…>'s type argument, erased at run time: the function reads the three limits whatever the type names";

/** The mutants of the gateway-listener area judged equivalent by review. */
export const GATEWAY_LISTENER: Equivalent[] = [
  {
    file: "src/serve/_node_server.ts",
    before:
      "for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);",
    after:
      "for (let i = 0; i + 1 <= raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);",
    reason:
      "node:http's rawHeaders is a list of name/value pairs, always of even length: the loop's last i is length - 2 either way, and i = length fails both tests",
  },
  {
    file: "src/serve/_http1.ts",
    context: "cancel() {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "a ReadableStream never calls pull after cancel, so the flag is not read again",
  },
  {
    file: "src/serve/_http1.ts",
    context:
      "const end = (controller: ReadableStreamDefaultController<Uint8Array>) => {",
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "end closes the controller on the next line, and a closed ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/serve/_http1.ts",
    context: ': new HttpWireError(400, "The body could not be read.");',
    before: "finished = true;",
    after: "finished = false;",
    reason:
      "fail errors the controller two lines down, and an errored ReadableStream never calls pull again, so the flag is not read again",
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"" | "bodyTimeoutMs" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"headersTimeoutMs" | "" | "idleTimeoutMs"',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_sweep_every.ts",
    context: "ServeLimits,",
    before: '"headersTimeoutMs" | "bodyTimeoutMs" | "idleTimeoutMs"',
    after: '"headersTimeoutMs" | "bodyTimeoutMs" | ""',
    reason: PICK_TYPE_ARGUMENT,
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "for (const c of open) {",
    before: "if (c.closed) continue;",
    after: "if (c.closed) ;",
    reason:
      "the sweeper's skip of a closed connection only saves work: each branch after it ends in closeQuietly or refuse, and both return at once for a closed connection",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (this.#start > 0 && this.#start === this.#end) {",
    after: "if (this.#start >= 0 && this.#start === this.#end) {",
    reason:
      "the one case the mutant adds is start = end = 0, where resetting both to 0 changes nothing",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (this.#start > 0 && this.#start === this.#end) {",
    after: "if (this.#start > 1 && this.#start === this.#end) {",
    reason:
      "an empty buffer at offset 1 is left where it is instead of rewound: the next read fills from offset 1, and a full buffer is compacted below, so the bytes read and their order are the same",
  },
  {
    file: "src/serve/_http1.ts",
    before: 'const connectionText = (connection ?? "").toLowerCase();',
    after: 'const connectionText = (connection || "").toLowerCase();',
    reason:
      "connection is null or the joined Connection lines; the only falsy string is the empty one, which both give back",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "const left = (active.get(socket) ?? 1) - 1;",
    after: "const left = (active.get(socket)) - 1;",
    reason:
      "a socket is missing from `active` only once its own close event has run; then the default makes left 0 and calls socket.end() on the closed socket, which does nothing, where NaN skips it",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "req.resume(); // drop the rest rather than stall the connection",
    after: "; // drop the rest rather than stall the connection",
    reason:
      "a Node Readable emits 'data' only while flowing (a paused one buffers), and nothing on the path from that data event to here pauses the request, so resume() finds it flowing and does nothing: the rest of the body still reaches the listener, which drops it (tests/serve/node_runtime_test.ts sends a second request on the connection after the 413, under Node, with and without the call)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "if (requests === 0) socket.end();",
    after: "if (requests === 0) ;",
    reason:
      "on Node 20+ (the listener's floor) server.close() itself closes every connection with no request in flight (Node 19 made it call closeIdleConnections), which are exactly the sockets with 0 requests here; tests/serve/node_runtime_test.ts sees an idle keep-alive connection closed at shutdown with and without the call",
  },
  {
    file: "src/serve/_write_body.ts",
    before: "if (chunks.length === 1) return chunks[0];",
    after: "if (chunks.length === 1) chunks[0];",
    reason:
      "one chunk then goes through the general path, which copies it into an array of the same length: the same bytes are written, only one copy more is made",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "// The client stopped reading: its connection went, as on Deno.",
    before: "return;",
    after: ";",
    reason:
      "the client stopped reading: the response is destroyed and the reader cancelled just before, so the loop's next read resolves done at once, the loop breaks, and res.end() on the destroyed response does nothing",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      "if (size <= this.#buffer.byteLength) return true; // caller checks max",
    after:
      "if (size <= this.#buffer.byteLength) return false; // caller checks max",
    reason:
      "unreachable: the buffer cannot grow only when it is full from offset 0 and at least `max` long, and each caller refuses before asking for more once that much is buffered (readHead's 431 at maxBytes of fill(maxBytes + 4), readLine's 400 at maxBytes of fill(maxBytes + 2)); readSome fills only an empty buffer",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: 'const declared = Number(length ?? "0");',
    after: 'const declared = Number(length || "0");',
    reason:
      "Headers.get gives null or a string; the only falsy string is '', and Number('') is 0, the same as Number('0')",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: 'const declared = Number(length ?? "0");',
    after: "const declared = Number(length);",
    reason:
      "Number(null) is 0, the same as Number('0'): a request without a Content-Length declares 0 either way",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: "await request.body.cancel().catch(() => {});",
    after: ";",
    reason:
      "the throw on the next line leaves the `for await` over request.body, whose iterator's return() cancels the stream (ReadableStream's async iterator cancels unless preventCancel): the body is cancelled either way, before the caller sees the error (tests/serve/read_bounded_fresh_mutants_test.ts checks the source's cancel with and without the call)",
  },
  {
    file: "src/gateway/_read_bounded.ts",
    before: "if (size + chunk.byteLength > bytes.byteLength) {",
    after: "if (size + chunk.byteLength >= bytes.byteLength) {",
    reason:
      "a chunk that exactly fills the buffer then grows it one step early (to at most the bound) instead of filling it; the bytes, their length and the bound's refusal are the same, only one copy is made sooner",
  },
  {
    file: "src/gateway/_wire_util.ts",
    before: "if (slash > 0 && has(model.slice(0, slash))) {",
    after: "if (slash >= 0 && has(model.slice(0, slash))) {",
    reason:
      "at slash 0 the backend asked for is '', and no backend has that name (the Router's registry refuses an empty name), so has('') is false and the name routes as is either way",
  },
  // Ninth round (lis9): seed 20261161's open survivors reviewed.
  {
    file: "src/serve/_node_server.ts",
    before: "if ((controller.desiredSize ?? 0) <= 0) req.pause();",
    after: "if ((controller.desiredSize ?? 0) <= 1) req.pause();",
    reason:
      "with highWaterMark 1 the only size the mutant adds is 1: the chunk went straight to a pending read, and then the stream calls pull (desiredSize > 0) right after the enqueue, whose req.resume() undoes the pause within the same turn; the bytes, their order and the backpressure bound are the same, one pause and resume more per chunk (tests/serve/node_runtime_test.ts's slow reader passes both ways)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'const target: string = req.url ?? "/";',
    after: 'const target: string = req.url || "/";',
    reason:
      "a server request's url is always a string, and never empty: Node's parser answers a request line without a target (`GET  HTTP/1.1`) with its own 400 before any request event (checked on Node 20)",
  },
  {
    file: "src/serve/_deno_server.ts",
    before: '...(noBody ? {} : { body: body ?? EMPTY, duplex: "half" }),',
    after: '...(noBody ? {} : { body: body || EMPTY, duplex: "half" }),',
    reason:
      "body is null or an object (bytes or a stream), and every object is truthy, an empty Uint8Array too",
  },
  {
    file: "src/serve/_deno_server.ts",
    before: "broken = true;",
    after: "broken = false;",
    reason:
      "the body stream calls broken only from its failure path, which never follows its end (a closed or errored stream is not pulled again), so done() never ran and bodyDone is false whenever broken is set; both places that read broken (keep-alive, and close versus linger) require bodyDone too",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      "if (size <= this.#buffer.byteLength) return true; // caller checks max",
    after:
      "if (size < this.#buffer.byteLength) return true; // caller checks max",
    reason:
      "the one case it changes, a full buffer from offset 0 whose length equals `max`, is unreachable: that many bytes buffered is past each caller's own refusal (readHead's 431 at maxBytes with fill(maxBytes + 4), readLine's 400 at maxBytes with fill(maxBytes + 2)), and readSome fills only an empty buffer",
  },
  {
    file: "src/serve/_http1.ts",
    context: "if (this.#end === this.#buffer.byteLength) {",
    before: "if (this.#start > 0) {",
    after: "if (this.#start > 1) {",
    reason:
      "a full buffer with one byte consumed then grows (within the caller's max) instead of moving its bytes down by one: the bytes and their order are the same; where it cannot grow, that many bytes buffered is past each caller's own refusal",
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "} finally {",
    before: "closeQuietly(c);",
    after: ";",
    reason:
      "linger runs only inside serveConnection (a refused head, and exchange's 413, 400 and 500 answers, each awaited, then serveConnection returns), and every serveConnection ends in acceptLoop's finally, which calls closeQuietly(c) within the same microtask run: the close comes no later by a turn of the event loop, and the abort it fires reaches no handler that could act in between",
  },
  {
    file: "src/serve/_http1.ts",
    context: 'lineEnd = text.indexOf("\\n", lineStart);',
    before: "if (lineEnd < 0) lineEnd = text.length;",
    after: "if (lineEnd <= 0) lineEnd = text.length;",
    reason:
      "inside the header loop lineStart is the previous line end plus one, so at least 1, and indexOf from there gives -1 or a position of at least 1: lineEnd is never 0, and <= 0 holds exactly when < 0 does",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "// Node reads and drops the body after the answer (keep-alive).",
    before: 'const declared = Number(req.headers["content-length"] ?? "0");',
    after: 'const declared = Number(req.headers["content-length"]);',
    reason:
      "without a Content-Length the value is Number(undefined), NaN, and the one reader of `declared` is the next line's `declared > limits.maxBodyBytes`, false for NaN as for 0 (the bound is at least 1)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'if (cookies.length > 0) head["set-cookie"] = cookies;',
    after: 'if (cookies.length >= 0) head["set-cookie"] = cookies;',
    reason:
      "node:http writes one line per element of an array header value, so an empty `set-cookie` array writes no line: the head is the same byte for byte (checked with Node 20's res.writeHead)",
  },
  // The twelfth round (lis12): `??` read as `||` where the left operand is
  // never a falsy value other than null or undefined. The first was a
  // survivor of seed 20261165; the others were reviewed with it.
  {
    file: "src/serve/_deno_server.ts",
    before: ") ?? false;",
    after: ") || false;",
    reason:
      "the left operand is startsWith's boolean or undefined (no Content-Type), and `x || false` equals `x ?? false` for true, false and undefined alike",
  },
  {
    file: "src/serve/_deno_server.ts",
    before: "const body = arrived ?? bodyStream(reader, head.body, {",
    after: "const body = arrived || bodyStream(reader, head.body, {",
    reason:
      "arrived is null or a Uint8Array, and every Uint8Array is truthy, an empty one too",
  },
  {
    file: "src/serve/_deno_server.ts",
    before:
      ': reject(bodyError ?? new Error("the response was not delivered"));',
    after:
      ': reject(bodyError || new Error("the response was not delivered"));',
    reason:
      "bodyError is undefined or a BodyFailed, an object, so always truthy when set",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "if ((controller.desiredSize ?? 0) <= 0) req.pause();",
    after: "if ((controller.desiredSize || 0) <= 0) req.pause();",
    reason:
      "the one falsy number desiredSize can be is 0, which `|| 0` turns into 0 again (NaN is never a desiredSize)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "active.set(socket, (active.get(socket) ?? 0) + 1);",
    after: "active.set(socket, (active.get(socket) || 0) + 1);",
    reason: "the one falsy count is 0, which `|| 0` turns into 0 again",
  },
  {
    file: "src/serve/_node_server.ts",
    before: ': reject(bodyFailed ?? new Error("client went away"));',
    after: ': reject(bodyFailed || new Error("client went away"));',
    reason:
      "bodyFailed is undefined or a BodyFailed, an object, so always truthy when set",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'const declared = Number(req.headers["content-length"] ?? "0");',
    after: 'const declared = Number(req.headers["content-length"] || "0");',
    reason:
      'the one falsy header value is the empty string, and Number("") is 0 as Number("0") is (node:http refuses an empty Content-Length anyway); the same at both sites, the request event and checkContinue',
    sites: 2,
  },
  {
    file: "src/serve/_node_server.ts",
    before: "const read = await (next ?? reader.read());",
    after: "const read = await (next || reader.read());",
    reason:
      "next is undefined or a Promise, an object, so always truthy when set",
  },
  {
    file: "src/serve/_write_body.ts",
    before: "const reader = byob ?? body.getReader();",
    after: "const reader = byob || body.getReader();",
    reason:
      "byob is undefined or a reader, an object, so always truthy when set",
  },
  {
    file: "src/serve/_write_body.ts",
    before: "next = await (waiting ?? read());",
    after: "next = await (waiting || read());",
    reason:
      "waiting is undefined or a Promise, an object, so always truthy when set",
  },
  {
    file: "src/serve/_http1.ts",
    before: '!http10 && (expect ?? "").toLowerCase() === "100-continue",',
    after: '!http10 && (expect || "").toLowerCase() === "100-continue",',
    reason:
      "expect is null or the joined Expect lines; the only falsy string is the empty one, which both give back",
  },
  {
    file: "src/serve/_http1.ts",
    before: "break;",
    after: ";",
    reason:
      "the five breaks of parseHead's switch on the header name's length: each case compares the lower-cased name with a name of exactly its length (4 host, 6 expect, 10 connection, 14 content-length, 17 transfer-encoding), so falling into the next case compares it with a name of another length, never equal, and the last case's break ends the switch anyway",
    sites: 5,
  },
  {
    file: "src/serve/_http1.ts",
    before: "const name = colon > lineStart && colon < stop",
    after: "const name = colon > lineStart || colon < stop",
    reason:
      "the lines it lets through are still refused with the same 400, whose text the listener never sends: a colon past this line's end gives a name holding its CR or LF (not a token); a colon at the line's start gives an empty name; no colon at all (-1) gives a name sliced to the head's end and a value from the head's start, which holds the request line's LF (a bad value)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "const left = (active.get(socket) ?? 1) - 1;",
    after: "const left = (active.get(socket) || 1) - 1;",
    reason:
      "a response's close listener is added only after its request raised the socket's count, and each response takes one off once, so while the socket is tracked its count at that close is at least 1, never the 0 that `|| 1` would change; an untracked socket (closed, deleted) reads undefined, 1 either way",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "const onClose = () => done(false);",
    after: "const onClose = () => done(true);",
    reason:
      "a response closes before it is finished only with its connection, and the request's close listener, added before this one, has then aborted the request, whose abort cancels the body's reader: the write loop going on reads done at once and calls end() on a destroyed response, which writes nothing and raises no error (checked on Node 20), the same end as giving up",
  },
  // Twelfth round (lis13), planted by hand.
  {
    file: "src/serve/_node_server.ts",
    before: 'if (!done) controller.error(new Error("request body aborted"));',
    after: 'if (done) controller.error(new Error("request body aborted"));',
    reason:
      "a client that leaves mid-body makes Node 20 emit both 'aborted' and 'error' on the request, each calling fail: the first sets done, so the second errors the body with the same error (checked under Node 20; tests/serve/node_upload_r13a_mutants_test.ts's handler sees its read fail either way)",
  },
  {
    file: "src/serve/_http1.ts",
    before: "for (let i = this.#start + scanned; i < this.#end; i++) {",
    after: "for (let i = this.#start + scanned; i <= this.#end; i++) {",
    reason:
      "at i === end the look past it finds nothing (next and afterCr are -1 there), so endOfHead stays 0 whatever byte the buffer holds at end, and the loop ends as before",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (endOfHead > 0) {",
    after: "if (endOfHead > 1) {",
    reason: "endOfHead is 0 or i + 2 or i + 3 with i >= 0, never 1",
  },
  {
    file: "src/serve/_http1.ts",
    context: 'let lineEnd = text.indexOf("\\n");',
    before: "if (lineEnd < 0) lineEnd = text.length;",
    after: "if (lineEnd <= 0) lineEnd = text.length;",
    reason:
      "parseHead reads what readHead returns, which skips the CR and LF before a request line, so its text never starts with an LF and indexOf is never 0",
  },
  {
    file: "src/serve/_http1.ts",
    context: 'let lineEnd = text.indexOf("\\n");',
    before: "if (lineEnd < 0) lineEnd = text.length;",
    after: "if (lineEnd < 1) lineEnd = text.length;",
    reason:
      "indexOf gives an integer, so < 1 is <= 0, and the request line's LF is never at 0 (readHead skips the line ends before a request line)",
  },
  {
    file: "src/serve/_http1.ts",
    context: 'lineEnd = text.indexOf("\\n", lineStart);',
    before: "if (lineEnd < 0) lineEnd = text.length;",
    after: "if (lineEnd < 1) lineEnd = text.length;",
    reason:
      "indexOf gives an integer, so < 1 is <= 0, and a header line's end is never 0 (lineStart is at least 1)",
  },
  {
    file: "src/serve/_http1.ts",
    before: "const name = colon > lineStart && colon < stop",
    after: "const name = colon >= lineStart && colon < stop",
    reason:
      "a colon at the line's start gives the empty name either way (slice(lineStart, lineStart) is ''), refused by the token check with the same 400",
  },
  {
    file: "src/serve/_http1.ts",
    before: "const name = colon > lineStart && colon < stop",
    after: "const name = colon > lineStart && colon <= stop",
    reason:
      "the character at stop is the line's CR or LF, or past the head's text: a colon is never there",
  },
  {
    file: "src/serve/_http1.ts",
    before: "while (start < end && isOws(text.charCodeAt(start))) start++;",
    after: "while (start <= end && isOws(text.charCodeAt(start))) start++;",
    reason:
      "end is the line's stop at this point, whose character is the line's CR or LF or past the text (NaN), never SP or HTAB",
  },
  {
    file: "src/serve/_http1.ts",
    before: "while (end > start && isOws(text.charCodeAt(end - 1))) end--;",
    after: "while (end >= start && isOws(text.charCodeAt(end - 1))) end--;",
    reason:
      "it goes on only when the value is all white space (start reached end over SP and HTAB): end then drops below start, and slice(start, end) is '' as before",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      "return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;",
    after:
      "return end >= start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;",
    reason:
      "when end === start the line is empty, and the character before it is the previous line's LF (or none, before the request line), never a CR: the end stays",
  },
  {
    file: "src/serve/_http1.ts",
    before: "remaining = parseInt(size[1], 16);",
    after: "remaining = parseInt(size[0], 16);",
    reason:
      "size[0] is the whole size line, which the pattern makes start with the same hex digits as size[1] and go on with a space, a tab or a semicolon, where parseInt stops: the same number",
  },
  {
    file: "src/serve/_http1.ts",
    before: "if (finished) return;",
    after: "if (finished) ;",
    reason:
      "finished is set only where the stream is closed, errored or cancelled, after which a ReadableStream never calls pull again",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'socket.on("error", () => {});',
    after: ";",
    reason:
      "node:http adds its own error listener to every connection (socketOnError) before the server's connection event reaches this one, so a refused client's reset is handled there either way (checked on Node 20: clients refused past the cap that close with the 503 unread, a reset, leave the server serving)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "if (chunks.length === 1) return chunks[0];",
    after: "if (chunks.length === 1) chunks[0];",
    reason:
      "one chunk then goes through the general path, which copies it into an array of the same length: the same bytes are written with the same length, one copy more is made (as in _write_body.ts's concat)",
  },
  // Twelfth round, seed 20261167 (worktree lisb13).
  {
    file: "src/serve/_deno_server.ts",
    before: "if (stopping || error instanceof Deno.errors.BadResource) return;",
    after: "if (stopping && error instanceof Deno.errors.BadResource) return;",
    reason:
      "the listener is closed only by shutdown, which sets stopping first, and Deno rejects a closed listener's accept with BadResource (pending or later, checked on Deno 2.9.6), so both operands are true together; an accept failing otherwise (EMFILE) just as shutdown begins costs one 5 ms back-off before the next accept meets the closed listener and the loop returns, a race no caller can arrange or see",
  },
  {
    file: "src/serve/_http1.ts",
    before:
      "if (size <= this.#buffer.byteLength) return true; // caller checks max",
    after: "if (size <= this.#buffer.byteLength) true; // caller checks max",
    reason:
      "unreachable, as its `return false` twin: a buffer full from offset 0 is past readHead's and readLine's own refusals, readSome fills only an empty buffer, and watchEnd runs once a head has been consumed (start > 0), where a full buffer is compacted instead",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "return status === 204 || status === 205 || status === 304 ||",
    after: "return status === 204 && status === 205 || status === 304 ||",
    reason:
      "nullBodyStatus is asked only about a response whose body is not null, and a Response cannot carry a body with 204, 205 or 304 (its constructor refuses one) nor have a 1xx status at all (200 to 599), so the check is false there with or without this edit, which only narrows which null-body statuses it names",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "return status === 204 || status === 205 || status === 304 ||",
    after: "return status === 204 || status === 205 && status === 304 ||",
    reason:
      "nullBodyStatus is asked only about a response whose body is not null, and a Response cannot carry a body with 204, 205 or 304 (its constructor refuses one) nor have a 1xx status at all (200 to 599), so the check is false there with or without this edit, which only narrows which null-body statuses it names",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "return status === 204 || status === 205 || status === 304 ||",
    after: "return status === 204 || status === 205 || status === 304 &&",
    reason:
      "nullBodyStatus is asked only about a response whose body is not null, and a Response cannot carry a body with 204, 205 or 304 (its constructor refuses one) nor have a 1xx status at all (200 to 599), so the check is false there with or without this edit, which only narrows which null-body statuses it names",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "(status >= 100 && status < 200);",
    after: "(status > 100 && status < 200);",
    reason:
      "nullBodyStatus is asked only about a response whose body is not null, and a Response cannot carry a body with 204, 205 or 304 (its constructor refuses one) nor have a 1xx status at all (200 to 599), so the check is false there with or without this edit, which only narrows which null-body statuses it names",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "(status >= 100 && status < 200);",
    after: "(status >= 101 && status < 200);",
    reason:
      "nullBodyStatus is asked only about a response whose body is not null, and a Response cannot carry a body with 204, 205 or 304 (its constructor refuses one) nor have a 1xx status at all (200 to 599), so the check is false there with or without this edit, which only narrows which null-body statuses it names",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'req.on("error", fail);',
    after: ";",
    reason:
      "Node 20 emits a request's error only to a listener attached for it (IncomingMessage's destroy drops the error otherwise) and emits aborted whenever the body ends unfinished (a client leaving mid-body, a malformed chunk: checked on v20.20.2 both ways, with no uncaught error), and aborted calls the same fail",
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "keepAlive,",
    before: "head: false,",
    after: "head: true,",
    reason:
      "these head options are used only to build the head of a chunked answer found whole, always with its length: responseHead then writes Content-Length and never reaches the branch that reads `head` (a chunked answer has a body and no null-body status), and the framing it returns, the other thing `head` sets, is not read there",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "res.destroy();",
    before: "await reader.cancel().catch(() => {});",
    after: ";",
    reason:
      "in the write loop (the pieces read with the head, then the rest), the res.destroy() just before closes the response unfinished, so its close listener aborts the request's signal, whose abort listener (added before the first write, or run at once when the client had already left) cancels this same reader: the body is cancelled either way, a tick later",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "function drained(res: Any): Promise<boolean> {",
    before: "if (res.destroyed) return Promise.resolve(false);",
    after: "if (res.destroyed) return Promise.resolve(true);",
    reason:
      "the listener destroys a response only to return at once, so a destroyed one here means its connection closed: the response's close then aborts the request's signal and the abort listener cancels the body's reader, so the loop that goes on writing into the closed response reads `done` next and ends as it would have (res.end() on a destroyed response writes nothing); completed settles from the close either way",
  },
  {
    file: "src/serve/_deno_server.ts",
    context: "function closeQuietly(c: Connection): void {",
    before: "if (c.closed) return;",
    after: "if (c.closed) ;",
    reason:
      "a second close finds the flag already set, aborts a controller the first close already aborted (a request's controller is set only while its connection is open, with no await between the head's read and it, and cleared after its answer), which does nothing, and its conn.close() throws BadResource, which is caught",
  },
  {
    file: "src/serve/_deno_server.ts",
    context:
      "async function linger(c: Connection, lingerMs: number): Promise<void> {",
    before: "if (c.closed) return;",
    after: "if (c.closed) ;",
    reason:
      "lingering on a closed connection sets a lingerBy the sweeper never reads (it skips closed connections), its closeWrite() rejects with BadResource, which is caught, and the closing close finds it closed",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "controller.enqueue(new Uint8Array(chunk));",
    before: "if ((controller.desiredSize ?? 0) <= 0) req.pause();",
    after: "if ((controller.desiredSize ?? 0) < 0) req.pause();",
    reason:
      "with highWaterMark 1 a piece left waiting in the queue makes desiredSize 0, which the mutant lets pass: node:http is paused at the next piece (-1) instead, so the body holds at most two of node:http's pieces instead of one before backpressure, still a constant bound; the handler reads the same bytes in the same order, an upload it leaves unread is still held, not taken whole, and still ends with its 408 (node_upload_r13a_mutants_test.ts passes both ways), so no caller of serve can tell",
  },
  {
    file: "src/serve/_write_body.ts",
    before:
      "let reading = false; // a read is out whose result was not taken yet",
    after:
      "let reading = true; // a read is out whose result was not taken yet",
    reason:
      "every path of writeBody calls read(), which sets the flag, synchronously before its first await, and the only reader of the flag is a reaction on closed, which runs later: the initial value is never read",
  },
  {
    file: "src/serve/_write_body.ts",
    context: "}",
    before: "reading = false;",
    after: "reading = true;",
    reason:
      "the flag then stays set after a read's result was taken, so a stream that closes releases its reader though no read waits, as the listener did before the flag: releaseLock rejects no read then, and a later read on the released reader fails after the close, which writeBody reads as the body's end; the same bytes go out (the cost is two TypeErrors a stream)",
    sites: 2,
  },
  {
    file: "src/serve/_deno_server.ts",
    before: "if (n >= bytes.byteLength) c.writeBy = 0;",
    after: "if (n > bytes.byteLength) c.writeBy = 0;",
    reason:
      "a write that took every byte then goes to writeRest from its end, whose loop writes nothing and whose finally clears writeBy, as the first branch does: the same bytes, the same deadline cleared (one async function more a write)",
  },
  {
    file: "src/serve/_node_server.ts",
    before: 'server.off("error", reject);',
    after: ";",
    reason:
      "after a successful listen the left once-listener is a no-op reject that nothing can reach: node:http emits a server 'error' after listening only for an accept failure, and the one a client can cause, a full file table, libuv absorbs (the listener, run with ulimit -n 40 and sent 60 connections, emitted none and served on), so no caller of serve sees a difference, and the listener is one, added once, never more",
  },
  {
    file: "src/serve/_node_server.ts",
    before: "if (chunk.byteLength >= left) chunk = chunk.subarray(0, left);",
    after: "if (chunk.byteLength > left) chunk = chunk.subarray(0, left);",
    reason:
      "a chunk exactly as long as what is left is the same bytes whether cut to that length or not, so the same bytes are written and left reaches 0 either way",
  },
  {
    file: "src/serve/_node_server.ts",
    context:
      "res.destroy(); // the body failed midway: the client sees a cut answer",
    before: "await reader.cancel().catch(() => {});",
    after: ";",
    reason:
      "only the body's own failure reaches this catch (a read that rejected, or the body's end short of its declared length; res.write and drained do not throw), and cancelling an errored or ended stream does nothing; the res.destroy() before it also aborts the request's signal, whose listener cancels the same reader",
  },
  {
    file: "src/serve/_node_server.ts",
    context: "await reader.cancel().catch(() => {});",
    before: "break;",
    after: ";",
    reason:
      "past the declared length every further piece is cut to 0 bytes (an empty write sends nothing under a Content-Length) and the reader is cancelled again, which does nothing, and the cancelled reader's next read is done, which breaks the loop: the same bytes, the same end",
  },
];

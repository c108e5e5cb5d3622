// The hand list of the gateway-listener area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const LISTENER_MUTANT_TESTS = ["tests/gateway/listener_mutants_test.ts"];
const SERVE_MUTANT_TESTS = ["tests/serve/serve_mutants_test.ts"];

/** The known bugs planted in the gateway-listener area. */
export const GATEWAY_LISTENER: HandMutant[] = [
  {
    id: "listener-close-aborts-handler",
    bug:
      "serveGateway: a connection closed under a working handler does not abort its request.signal",
    file: "src/serve/_deno_server.ts",
    find: `c.abort?.abort(new Error("connection closed"));`,
    replace: `;`,
    tests: LISTENER_MUTANT_TESTS,
  },
  {
    id: "listener-failed-body-not-delivered",
    bug:
      "serve: an answer whose body fails before a byte settles completed as delivered",
    file: "src/serve/_deno_server.ts",
    find:
      `await refuse(c, plainAnswer(500), bodyDone ? 0 : lingerMs);\n      delivered(false);`,
    replace:
      `await refuse(c, plainAnswer(500), bodyDone ? 0 : lingerMs);\n      delivered(true);`,
    tests: SERVE_MUTANT_TESTS,
  },
  {
    id: "listener-node-cancelled-body",
    bug:
      "node listener: a piece of a cancelled request body is pushed into the cancelled stream (throws in node:http's data event)",
    file: "src/serve/_node_server.ts",
    find: `        if (done) return;\n        received += chunk.byteLength;`,
    replace: `        ;\n        received += chunk.byteLength;`,
    tests: ["tests/serve/node_listener_test.ts"],
  },
  {
    id: "listener-request-line-words",
    bug:
      "listener: a request line of four words is accepted (its last word ignored)",
    file: "src/serve/_http1.ts",
    find:
      `if (parts.length !== 3 || !TOKEN.test(parts[0]) || parts[1] === "") {`,
    replace:
      `if (parts.length !== 3 && !TOKEN.test(parts[0]) || parts[1] === "") {`,
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "listener-chunked-end-return",
    bug:
      "listener: a chunked body read on past its trailers eats the next request",
    file: "src/serve/_http1.ts",
    find:
      `            return end(controller);\n          }\n        }\n        const piece`,
    replace:
      `            end(controller);\n          }\n        }\n        const piece`,
    tests: ["tests/serve/http1_test.ts"],
  },
  // Eighth round.
  {
    id: "listener-node-runtime-branch",
    bug: "serve: on Node the runtime is not recognised (UNSUPPORTED_RUNTIME)",
    file: "src/serve/serve.ts",
    find: `if (typeof global.process?.versions?.node === "string") {`,
    replace: `if (typeof global.process?.versions?.node !== "string") {`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-check-interval",
    bug:
      "node listener: connections checked every second, so a 10 s headers timeout is met up to 1 s late",
    file: "src/serve/_node_server.ts",
    find: `connectionsCheckingInterval: sweepEvery(limits),`,
    replace:
      `connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-request-headers",
    bug: "node listener: the request's headers never reach the handler",
    file: "src/serve/_node_server.ts",
    find: `pairs.push([raw[i], raw[i + 1]]);`,
    replace: `;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-node-body-failed",
    bug:
      "node listener: a body failing midway settles completed as a client that left, not BodyFailed",
    file: "src/serve/_node_server.ts",
    find: `      bodyFailed = new BodyFailed(error);`,
    replace: `      ;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-runtime-process-shim",
    bug:
      "serve: a bundler's process shim without versions throws a TypeError, not UNSUPPORTED_RUNTIME",
    file: "src/serve/serve.ts",
    find: `if (typeof global.process?.versions?.node === "string") {`,
    replace: `if (typeof global.process?.versions.node === "string") {`,
    tests: ["tests/serve/options_fresh_mutants_test.ts"],
  },
  {
    id: "listener-gateway-body-bound-zero",
    bug: "serveGateway: maxBodyBytes 0 silently turns the body bound off",
    file: "src/gateway/serve.ts",
    find: `maxBodyBytes: options.maxBodyBytes ?? Infinity,`,
    replace: `maxBodyBytes: options.maxBodyBytes || Infinity,`,
    tests: ["tests/serve/options_fresh_mutants_test.ts"],
  },
  {
    id: "listener-read-bounded-huge-bound",
    bug: "readBounded: a streamed body allocates the whole bound at once",
    file: "src/gateway/_read_bounded.ts",
    find: `        Math.min(\n          limit,`,
    replace: `        Math.max(\n          limit,`,
    tests: ["tests/serve/read_bounded_fresh_mutants_test.ts"],
  },
  {
    id: "listener-node-whole-64k",
    bug:
      "node listener: a body of exactly 64 KiB built at once goes chunked instead of whole",
    file: "src/serve/_node_server.ts",
    find: `if (size > WHOLE_BODY_MAX_BYTES) return { whole: false, chunks };`,
    replace:
      `if (size >= WHOLE_BODY_MAX_BYTES) return { whole: false, chunks };`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "listener-write-body-pieces",
    bug:
      "deno listener: a body built at once from several pieces is sent as its first piece",
    file: "src/serve/_write_body.ts",
    find: `if (chunks.length === 1) return chunks[0];`,
    replace: `if (!(chunks.length === 1)) return chunks[0];`,
    tests: ["tests/serve/write_body_fresh_mutants_test.ts"],
  },
  {
    id: "listener-node-body-resume",
    bug:
      "node listener: a handler reading its body slowly stalls the upload (node:http paused, never resumed)",
    file: "src/serve/_node_server.ts",
    find: `    pull() {\n      req.resume();`,
    replace: `    pull() {\n      ;`,
    tests: ["tests/serve/node_runtime_test.ts"],
  },
  {
    id: "main-serve-url-host-check",
    bug:
      "serve: a Host line with a / or @ read into the request's URL, moving its path or adding credentials",
    file: "src/serve/_request_url.ts",
    find: "PLAIN_AUTHORITY.test(host)",
    replace: 'host !== ""',
    tests: ["tests/serve/request_headers_test.ts"],
  },
  // Ninth round (seed 20261161's open survivors, and a fault they showed).
  {
    id: "lis9-deno-given-up-cancel",
    bug:
      "deno listener: the answer given up for a 413 keeps its body, so a relayed upstream is never cancelled",
    file: "src/serve/_deno_server.ts",
    find:
      `    if (c.closed || c.answered || tooLarge) {\n      await response.body?.cancel().catch(() => {});`,
    replace: `    if (c.closed || c.answered || tooLarge) {\n      ;`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-given-up-cancel",
    bug:
      "node listener: the answer given up for a 413 keeps its body, so a relayed upstream is never cancelled",
    file: "src/serve/_node_server.ts",
    find:
      `      // The 413 stands for whatever the handler made of its failed read.\n      await response.body?.cancel().catch(() => {});`,
    replace:
      `      // The 413 stands for whatever the handler made of its failed read.\n      ;`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-zero-length-body",
    bug:
      "Content-Length: 0 read as a body still to come: with Expect: 100-continue a reading handler waits, a non-reading one loses the connection",
    file: "src/serve/_http1.ts",
    find: `if (length > 0) body = { kind: "length", length };`,
    replace: `if (length >= 0) body = { kind: "length", length };`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-own-transfer-coding",
    bug:
      "a handler's own Transfer-Encoding header written beside the listener's framing (two framings)",
    file: "src/serve/_http1.ts",
    find: `name === "content-length" || name === "transfer-encoding" ||`,
    replace: `name === "content-length" || name === "" ||`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-own-transfer-coding",
    bug:
      "node listener: a whole answer naming its own Transfer-Encoding goes with both it and a length",
    file: "src/serve/_node_server.ts",
    find: `      delete head["transfer-encoding"];`,
    replace: `      ;`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-slot-kept",
    bug:
      "node listener: a socket whose client left mid-request is tracked again after its close and holds a connection slot",
    file: "src/serve/_node_server.ts",
    find: `if (active.has(socket)) active.set(socket, left);`,
    replace: `if (!(active.has(socket))) active.set(socket, left);`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-deno-bodiless-null",
    bug:
      "deno listener: a POST that sent no body gets request.body null, where Deno.serve and node:http give an empty stream",
    file: "src/serve/_deno_server.ts",
    find: `...(noBody ? {} : { body: body ?? EMPTY, duplex: "half" }),`,
    replace: `...(noBody ? {} : { body: body, duplex: "half" }),`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-write-body-empty-chunk",
    bug:
      "deno listener: an empty chunk in a streamed answer is framed as size 0, the chunked body's end",
    file: "src/serve/_write_body.ts",
    find: `      if (data.byteLength === 0) continue;`,
    replace: `      if (data.byteLength === 0) ;`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-connection-case",
    bug:
      "Connection read case-sensitively: Close keeps the connection, an HTTP/1.0 Keep-Alive closes it",
    file: "src/serve/_http1.ts",
    find: `const connectionText = (connection ?? "").toLowerCase();`,
    replace: `const connectionText = connection ?? "";`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-chunked-case",
    bug: "Transfer-Encoding: Chunked refused with a 501",
    file: "src/serve/_http1.ts",
    find: `if (te.toLowerCase() !== "chunked") {`,
    replace: `if (te !== "chunked") {`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-expect-case",
    bug:
      "Expect: 100-Continue gets no 100, so a client waiting for it never sends its body",
    file: "src/serve/_http1.ts",
    find: `(expect ?? "").toLowerCase() === "100-continue",`,
    replace: `(expect ?? "") === "100-continue",`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-continue-at-bound",
    bug:
      "node listener: no 100 Continue for a body declared exactly at the bound, so a client waiting for it never sends the body",
    file: "src/serve/_node_server.ts",
    find: `if (declared <= limits.maxBodyBytes) res.writeContinue();`,
    replace: `if (declared < limits.maxBodyBytes) res.writeContinue();`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-head-flushed",
    bug:
      "node listener: the head of a streamed answer waits for its first chunk (flushHeaders dropped)",
    file: "src/serve/_node_server.ts",
    find: `    res.flushHeaders();`,
    replace: `    ;`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-write-body-head-held",
    bug:
      "deno listener: the head of a streamed answer is held until its first chunk, however long that takes",
    file: "src/serve/_write_body.ts",
    find: `      if ((await soon(waiting).catch(() => null)) === NOT_YET) {`,
    replace: `      if ((await soon(waiting).catch(() => null)) !== NOT_YET) {`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-deno-close-not-linger",
    bug:
      "deno listener: a Connection: close answer with nothing more sent lingers (holding its slot) instead of closing",
    file: "src/serve/_deno_server.ts",
    find:
      `return bodyDone && !broken && reader.buffered === 0 ? "close" : "linger";`,
    replace:
      `return bodyDone && !broken && reader.buffered !== 0 ? "close" : "linger";`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-node-shutdown-500-keep-alive",
    bug:
      "node listener: a 500 answered after shutdown began says keep-alive (the connection's fate taken when its request came)",
    file: "src/serve/_node_server.ts",
    find: `res.writeHead(500, { "content-type": "text/plain", ...closing() });`,
    replace: `res.writeHead(500, { "content-type": "text/plain" });`,
    tests: ["tests/serve/node_given_up_r11_mutants_test.ts"],
  },
  {
    id: "lis9-http1-empty-target",
    bug:
      "a request line without a target passes the head check, and its 400 closes without lingering",
    file: "src/serve/_http1.ts",
    find:
      `if (parts.length !== 3 || !TOKEN.test(parts[0]) || parts[1] === "") {`,
    replace:
      `if (parts.length !== 3 || !TOKEN.test(parts[0]) || parts[0] === "") {`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-write-body-whole-64k",
    bug:
      "deno listener: a body of exactly 64 KiB built at once, no length declared, goes chunked instead of whole",
    file: "src/serve/_write_body.ts",
    find: `while (size <= WHOLE_BODY_MAX_BYTES) {`,
    replace: `while (size < WHOLE_BODY_MAX_BYTES) {`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-write-body-byob-copy",
    bug:
      "deno listener: a byte stream's pieces read at once are kept as views of the one reused buffer, detached by the next read",
    file: "src/serve/_write_body.ts",
    find: `chunks.push(data.slice()); // the buffer is read into again`,
    replace: `chunks.push(data); // the buffer is read into again`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-deno-shutdown-waits",
    bug:
      "deno listener: shutdown resolves while answers are still being written (a served connection's task not awaited)",
    file: "src/serve/_deno_server.ts",
    find: `        tasks.delete(task);\n      });\n      tasks.add(task);`,
    replace: `        tasks.delete(task);\n      });\n      ;`,
    tests: ["tests/serve/listener_r11_mutants_test.ts"],
  },
  {
    id: "lis9-wire-reader-grows-to-bound",
    bug:
      "the wire reader's buffer jumps to the head bound instead of doubling, for every connection whose head passes 16 KiB",
    file: "src/serve/_http1.ts",
    find: `const size = Math.min(max, this.#buffer.byteLength * 2);`,
    replace: `const size = Math.max(max, this.#buffer.byteLength * 2);`,
    tests: ["tests/serve/wire_reader_r11_mutants_test.ts"],
  },
  {
    id: "lis10-node-bad-request-body-left",
    bug:
      "node listener: a request Node frames but new Request refuses (POST *) gets a 400 with its body left half read and Connection: close, so the next request on the connection is lost",
    file: "src/serve/_node_server.ts",
    find:
      `      await body?.cancel();\n      res.writeHead(400, { "content-type": "text/plain", ...closing() });`,
    replace:
      `      if (hasBody) req.resume();\n      res.writeHead(400, { "content-type": "text/plain", connection: "close" });`,
    tests: ["tests/serve/node_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-node-bad-request-not-drained",
    bug:
      "node listener: the 400 of a request new Request refuses keeps the connection but never reads the rest of its body, so the next request waits for ever",
    file: "src/serve/_node_server.ts",
    find: `      await body?.cancel();\n`,
    replace: ``,
    tests: ["tests/serve/node_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-node-gone-body-not-cancelled",
    bug:
      "node listener: a client that leaves while the answer's body waits for its first byte cancels that body only at its next piece (a relayed upstream is held open)",
    file: "src/serve/_node_server.ts",
    find:
      `    if (gone.aborted) cancel();\n    else gone.addEventListener("abort", cancel);`,
    replace: `    ;`,
    tests: ["tests/serve/node_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-node-late-answer-not-cancelled",
    bug:
      "node listener: an answer whose handler returns after its client left has its body never cancelled",
    file: "src/serve/_node_server.ts",
    find: `    if (gone.aborted) cancel();`,
    replace: `    if (gone.aborted) {}`,
    tests: ["tests/serve/node_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-given-up-answer-written",
    bug:
      "deno listener: a handler answering while the listener's 408 is still being written has its answer written after the 408 (the early return after a given-up answer dropped)",
    file: "src/serve/_deno_server.ts",
    find:
      `        await refuse(c, plainAnswer(413), lingerMs);\n      }\n      return "close";`,
    replace:
      `        await refuse(c, plainAnswer(413), lingerMs);\n      }\n      ;`,
    tests: ["tests/serve/given_up_race_r11_mutants_test.ts"],
  },
  {
    id: "lis10-deno-client-end-unseen",
    bug:
      "deno listener: the end of a client's input while its answer is made is read but ignored, so a client that leaves never aborts its handler nor cancels its answer",
    file: "src/serve/_deno_server.ts",
    find: `more || closeQuietly(c)`,
    replace: `more || true`,
    tests: ["tests/serve/deno_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-deno-chunked-body-unwatched",
    bug:
      "deno listener: after a chunked body the listener does not read on, so its client's leaving goes unseen",
    file: "src/serve/_deno_server.ts",
    find: `        c.bodyBy = 0;\n        watchEnd();`,
    replace: `        c.bodyBy = 0;`,
    tests: ["tests/serve/deno_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-deno-gone-body-not-cancelled",
    bug:
      "deno listener: a connection that ends while the answer's body waits for its first byte leaves that body uncancelled (a relayed upstream is held open)",
    file: "src/serve/_write_body.ts",
    find: `  gone?.addEventListener(`,
    replace: `  if (0) gone?.addEventListener(`,
    tests: ["tests/serve/deno_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-wire-reader-ahead-not-kept",
    bug:
      "the wire reader's read-ahead is not the next read: a second read runs beside it, and a request sent while an answer is made is lost or garbled",
    file: "src/serve/_http1.ts",
    find:
      `    this.#ahead ??= this.#fillNow(this.#buffer.byteLength);\n    return this.#ahead.catch(() => false);`,
    replace:
      `    return this.#fillNow(this.#buffer.byteLength).catch(() => false);`,
    tests: ["tests/serve/deno_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-refused-connection-served",
    bug:
      "deno listener: a connection past the cap gets its 503 and is then served anyway (the accept loop's continue dropped)",
    file: "src/serve/_deno_server.ts",
    find: `        tasks.add(task);\n        continue;`,
    replace: `        tasks.add(task);\n        ;`,
    tests: ["tests/serve/given_up_race_r11_mutants_test.ts"],
  },
  {
    id: "lis10-deno-bad-target-unanswered",
    bug:
      "deno listener: a request whose target makes no URL is closed on without its 400",
    file: "src/serve/_deno_server.ts",
    find: `      await refuse(c, plainAnswer(400), bodyDone ? 0 : lingerMs);`,
    replace: `      ;`,
    tests: ["tests/serve/draw_20261164_r11_mutants_test.ts"],
  },
  {
    id: "lis10-wire-reader-reset-as-bytes",
    bug:
      "the wire reader's read-ahead takes a failed read (the client reset the connection) for bytes that came: the handler is never aborted",
    file: "src/serve/_http1.ts",
    find: `    return this.#ahead.catch(() => false);`,
    replace: `    return this.#ahead.catch(() => true);`,
    tests: ["tests/serve/deno_client_gone_r11_test.ts"],
  },
  {
    id: "lis10-one-byte-body-none",
    bug:
      "listener: a Content-Length: 1 body is read as no body, its byte taken for the next request's start",
    file: "src/serve/_http1.ts",
    find: `if (length > 0) body = { kind: "length", length };`,
    replace: `if (length > 1) body = { kind: "length", length };`,
    tests: ["tests/serve/draw_20261164_r11_mutants_test.ts"],
  },
  {
    id: "lis10-node-head-body-read",
    bug:
      "node listener: a HEAD answer with a body goes through the body path, its body read instead of cancelled; one still being produced holds the connection's next request",
    file: "src/serve/_node_server.ts",
    find: `      !response.body || req.method === "HEAD" ||`,
    replace: `      !response.body || req.method === "HEAD" &&`,
    tests: ["tests/serve/node_client_gone_r11_test.ts"],
  },
  // Open since the tenth round (seed 20261164), killed through real Node.
  {
    id: "open11-node-drained-destroyed",
    bug:
      "node listener: a piece read as its client leaves is written to a destroyed response, and the loop waits out the idle bound for a drain that never comes (a timer that holds the process)",
    file: "src/serve/_node_server.ts",
    find: "if (res.destroyed) return Promise.resolve(false);",
    replace: "if (res.destroyed) Promise.resolve(false);",
    tests: ["tests/serve/open_r12_mutants_test.ts"],
  },
  // The twelfth round (lis12): survivors of seed 20261165, each killed.
  {
    id: "lis12-target-backend-unnamed",
    bug:
      "targetFields: a relayed operation's `backend/model` is not passed to routing as the named backend, so routing's own pick serves it",
    file: "src/gateway/_wire_util.ts",
    find:
      "    ...(target.backend === undefined\n      ? {}\n      : { metadata:",
    replace:
      "    ...(target.backend !== undefined\n      ? {}\n      : { metadata:",
    tests: ["tests/gateway/target_model_r12_mutants_test.ts"],
  },
  {
    id: "lis12-head-deadline-at-edge",
    bug:
      "deno listener: a head is cut off with a 408 at the very millisecond its headers timeout ends, not once it has passed",
    file: "src/serve/_deno_server.ts",
    find: "(c.headBy && now > c.headBy)",
    replace: "(c.headBy && now >= c.headBy)",
    tests: ["tests/serve/deadline_edge_r12_mutants_test.ts"],
  },
  {
    id: "lis12-body-deadline-at-edge",
    bug:
      "deno listener: a body is cut off with a 408 at the very millisecond its body timeout ends, not once it has passed",
    file: "src/serve/_deno_server.ts",
    find: "(c.bodyBy && now > c.bodyBy)",
    replace: "(c.bodyBy && now >= c.bodyBy)",
    tests: ["tests/serve/deadline_edge_r12_mutants_test.ts"],
  },
  // Planted by hand in this round, each caught by a new test.
  {
    id: "lis12-linger-bound-max",
    bug:
      "deno listener: a lingering close lasts 5 s even when idleTimeoutMs is shorter",
    file: "src/serve/_deno_server.ts",
    find: "const lingerMs = Math.min(LINGER_MS, limits.idleTimeoutMs);",
    replace: "const lingerMs = Math.max(LINGER_MS, limits.idleTimeoutMs);",
    tests: ["tests/serve/deadline_edge_r12_mutants_test.ts"],
  },
  {
    id: "lis12-linger-never-ended",
    bug:
      "deno listener: the sweeper never ends a lingering close whose client neither finishes nor closes",
    file: "src/serve/_deno_server.ts",
    find: "if (now > c.lingerBy) closeQuietly(c);",
    replace: "if (now > c.lingerBy) ;",
    tests: ["tests/serve/deadline_edge_r12_mutants_test.ts"],
  },
  // A fault found by planting `.trim()` dropped by hand, fixed: String#trim
  // took a no-break space after a framing value for white space.
  {
    id: "lis12-te-trim-nbsp",
    bug:
      "listener: `Transfer-Encoding: chunked<NBSP>` is read as chunked (String#trim drops the no-break space), where Node refuses it",
    file: "src/serve/_http1.ts",
    find: 'if (te.toLowerCase() !== "chunked") {',
    replace: 'if (te.trim().toLowerCase() !== "chunked") {',
    tests: ["tests/serve/framing_space_r12_mutants_test.ts"],
  },
  {
    id: "lis12-cl-trim-nbsp",
    bug:
      "listener: `Content-Length: 5<NBSP>` is read as 5 (String#trim drops the no-break space), where Node refuses it",
    file: "src/serve/_http1.ts",
    find: 'cl.split(",").map(withoutOws)',
    replace: 'cl.split(",").map((v) => v.trim())',
    tests: ["tests/serve/framing_space_r12_mutants_test.ts"],
  },
  // Twelfth round (lis13): planted by hand in the files with the fewest
  // entries while seed 20261166 was drawn, each caught by a new test.
  {
    id: "lis13-node-continue-chunked",
    bug:
      "node listener: a chunked upload asking for 100 Continue gets none (its undeclared length read as NaN, not within the bound), so the client holds its body back",
    file: "src/serve/_node_server.ts",
    find:
      `    const declared = Number(req.headers["content-length"] ?? "0");\n    if (declared <= limits.maxBodyBytes) res.writeContinue();`,
    replace:
      `    const declared = Number(req.headers["content-length"]);\n    if (declared <= limits.maxBodyBytes) res.writeContinue();`,
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-node-refused-request-served",
    bug:
      "node listener: a request sent on a connection refused past the cap reaches the handler, and its socket holds a connection slot for good",
    file: "src/serve/_node_server.ts",
    find: "if (refused.has(socket)) return void socket.destroy();",
    replace: "if (refused.has(socket)) void socket.destroy();",
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-node-upload-left-unfailed",
    bug:
      "node listener: a client that leaves halfway through its upload never fails the request body, so a handler reading it waits for ever",
    file: "src/serve/_node_server.ts",
    find: `      req.on("error", fail);\n      req.on("aborted", fail);`,
    replace: `      ;`,
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-deno-unread-small-body-closes",
    bug:
      "deno listener: a small body that came with its head, which the handler never reads, makes the answer say Connection: close",
    file: "src/serve/_deno_server.ts",
    find: `const arrived = head.body.kind === "length" && !head.expectContinue`,
    replace:
      `const arrived = head.body.kind === "length" && head.expectContinue`,
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-deno-http10-close-kept",
    bug:
      "deno listener: an HTTP/1.0 keep-alive client given an answer of no length has its connection kept, so the body never ends",
    file: "src/serve/_deno_server.ts",
    find: `if (framing === "close") reusable = false;`,
    replace: `if (framing === "close") reusable = true;`,
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-deno-head-body-uncancelled",
    bug:
      "deno listener: a HEAD answer's body stream is never cancelled, so what it relays stays open",
    file: "src/serve/_deno_server.ts",
    find:
      `        await response.body?.cancel();\n        await writeAll(c, bytes, limits.idleTimeoutMs);`,
    replace: `        await writeAll(c, bytes, limits.idleTimeoutMs);`,
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-deno-completed-rejects-undefined",
    bug:
      "deno listener: completed rejects with undefined, not an Error, when the client left before its answer",
    file: "src/serve/_deno_server.ts",
    find: `: reject(bodyError ?? new Error("the response was not delivered"));`,
    replace: `: reject(bodyError);`,
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-first-byte-unannounced",
    bug:
      "wire reader: a head that arrives in one read never announces its first byte, so the idle deadline stays and a kept-alive connection is cut under a handler working past idleTimeoutMs",
    file: "src/serve/_http1.ts",
    find: "if (!announced) onFirstByte();",
    replace: "if (announced) onFirstByte();",
    tests: ["tests/serve/deno_deadlines_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-head-end-stale-byte-le",
    bug: "wire reader: the same stale byte read through `i + 1 <= end`",
    file: "src/serve/_http1.ts",
    find: "const next = i + 1 < this.#end ? buffer[i + 1] : -1;",
    replace: "const next = i + 1 <= this.#end ? buffer[i + 1] : -1;",
    tests: ["tests/serve/wire_reader_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-chunk-line-cut-refused",
    bug:
      "wire reader: a chunk line cut across two reads is refused as a cut-off body (readLine's fill result read the wrong way round)",
    file: "src/serve/_http1.ts",
    find: "      if (!(await this.#fill(maxBytes + 2))) {",
    replace: "      if ((await this.#fill(maxBytes + 2))) {",
    tests: ["tests/serve/wire_reader_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-chunk-line-too-long-inverted",
    bug:
      "wire reader: a chunk line cut across two reads is refused as too long (the bound's check inverted)",
    file: "src/serve/_http1.ts",
    find:
      `      if (this.buffered >= maxBytes) {\n        throw new HttpWireError(400, "A chunk line is too long.");`,
    replace:
      `      if (!(this.buffered >= maxBytes)) {\n        throw new HttpWireError(400, "A chunk line is too long.");`,
    tests: ["tests/serve/wire_reader_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-chunk-line-bound-waits",
    bug:
      "wire reader: a chunk line that reaches its bound unfinished is not refused while its client waits",
    file: "src/serve/_http1.ts",
    find:
      `      if (this.buffered >= maxBytes) {\n        throw new HttpWireError(400, "A chunk line is too long.");`,
    replace:
      `      if (this.buffered > maxBytes) {\n        throw new HttpWireError(400, "A chunk line is too long.");`,
    tests: ["tests/serve/wire_reader_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-continue-repeated",
    bug:
      "deno listener: a 100 Continue is written again before each piece of the body is read, so the client reads a second 100 where its answer should be",
    file: "src/serve/_http1.ts",
    find: "          started = true;\n          await hooks.start();",
    replace: "          started = false;\n          await hooks.start();",
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-length-body-reads-on",
    bug:
      "deno listener: a declared body read through its stream goes on past its end to read a chunk's CRLF from the next request",
    file: "src/serve/_http1.ts",
    find:
      "            controller.enqueue(piece);\n            return end(controller);",
    replace:
      "            controller.enqueue(piece);\n            end(controller);",
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-null-body-chunked",
    bug:
      "deno listener: an answer without a body (new Response(null)) is framed chunked with no chunk, so the client waits for ever",
    file: "src/serve/_http1.ts",
    find: "} else if (response.body !== null && !isNullBodyStatus(status)) {",
    replace:
      "} else if (response.body !== null || !isNullBodyStatus(status)) {",
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-http10-te-chunked",
    bug:
      "deno listener: an HTTP/1.0 answer of no length says Transfer-Encoding: chunked while its body goes unframed",
    file: "src/serve/_http1.ts",
    find: 'if (!options.head && framing === "chunked") {',
    replace: 'if (!options.head || framing === "chunked") {',
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-linger-only-stopping",
    bug:
      "deno listener: an answer that left the body unread closes at once (lingering only while shutting down), so a client sending its whole upload before reading is reset and loses the answer",
    file: "src/serve/_deno_server.ts",
    find: 'if (next === "linger" && !stopping) await linger(c, lingerMs);',
    replace: 'if (next === "linger" && stopping) await linger(c, lingerMs);',
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-linger-close-or-body",
    bug:
      "deno listener: an answer that left the body unread, none of it buffered yet, closes at once (`bodyDone ||`), and the client is reset",
    file: "src/serve/_deno_server.ts",
    find:
      'return bodyDone && !broken && reader.buffered === 0 ? "close" : "linger";',
    replace:
      'return bodyDone || !broken && reader.buffered === 0 ? "close" : "linger";',
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-linger-close-or-buffered",
    bug:
      "deno listener: an answer that left the body unread, none of it buffered yet, closes at once (`|| reader.buffered === 0`), and the client is reset",
    file: "src/serve/_deno_server.ts",
    find:
      'return bodyDone && !broken && reader.buffered === 0 ? "close" : "linger";',
    replace:
      'return bodyDone && !broken || reader.buffered === 0 ? "close" : "linger";',
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-http10-whole-keepalive",
    bug:
      "deno listener: an HTTP/1.0 keep-alive answer built at once goes with a length and `Connection: keep-alive`, and the connection is closed after it anyway",
    file: "src/serve/_deno_server.ts",
    find: 'framing === "chunked" && !isEventStream(response)',
    replace: 'framing === "chunked" || !isEventStream(response)',
    tests: ["tests/serve/deno_connection_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-idle-only-first",
    bug:
      "deno listener: the idle deadline is set only before a connection's first head, so a kept-alive connection quiet after its answer is held for good",
    file: "src/serve/_deno_server.ts",
    find: "if (!first) c.idleBy = Date.now() + limits.idleTimeoutMs;",
    replace: "if (first) c.idleBy = Date.now() + limits.idleTimeoutMs;",
    tests: ["tests/serve/deno_deadlines_r13a_mutants_test.ts"],
  },
  // Seed 20261166's survivor with a test.
  {
    id: "lis13-node-backpressure-inverted",
    bug:
      "node listener: node:http is not paused while the body's queue is full, so an upload the handler leaves unread is taken whole and never gets its 408 at bodyTimeoutMs",
    file: "src/serve/_node_server.ts",
    find: "if ((controller.desiredSize ?? 0) <= 0) req.pause();",
    replace: "if (!((controller.desiredSize ?? 0) <= 0)) req.pause();",
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  {
    id: "lis13-node-413-then-answer",
    bug:
      "node listener: after the 413 that stands for a handler's answer, that answer is written too; node:http refuses it and the kept connection is destroyed",
    file: "src/serve/_node_server.ts",
    find:
      "      await response.body?.cancel().catch(() => {});\n      return tooLargeAnswer(res);",
    replace:
      "      await response.body?.cancel().catch(() => {});\n      tooLargeAnswer(res);",
    tests: ["tests/serve/node_upload_r13a_mutants_test.ts"],
  },
  // Twelfth round, seed 20261167 (worktree lisb13): each caught by a test
  // written for it.
  {
    id: "lisb13-first-byte-dropped",
    bug:
      "deno listener: a streamed answer's first piece of one byte, read before choosing whole or chunked, is dropped",
    file: "src/serve/_write_body.ts",
    find: "if (data.byteLength > 0) {",
    replace: "if (data.byteLength > 1) {",
    tests: ["tests/serve/write_body_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-write-deadline-at-edge",
    bug:
      "deno listener: an answer still being written is cut off at the very millisecond its write deadline ends, not once it has passed",
    file: "src/serve/_deno_server.ts",
    find: "(c.writeBy && now > c.writeBy)",
    replace: "(c.writeBy && now >= c.writeBy)",
    tests: ["tests/serve/deadline_edge_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-declared-64k-chunked",
    bug:
      "deno listener: an answer declaring exactly 64 KiB is not read whole, so a body longer than declared is cut at 64 KiB instead of sent whole with its real length",
    file: "src/serve/_deno_server.ts",
    find: "declared !== undefined && declared <= WHOLE_BODY_MAX_BYTES &&",
    replace: "declared !== undefined && declared < WHOLE_BODY_MAX_BYTES &&",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lisb13-full-buffer-not-moved",
    bug:
      "listener: a full read buffer's unread bytes are not moved to its front, so a head crossing its end is read as the one before it",
    file: "src/serve/_http1.ts",
    find: "        this.#buffer.copyWithin(0, this.#start, this.#end);",
    replace: "        ;",
    tests: [
      "tests/serve/wire_reader_r13b_mutants_test.ts",
      "tests/serve/wire_reader_r13a_mutants_test.ts",
    ],
  },
  {
    id: "lisb13-empty-line-skip-stale",
    bug:
      "listener: the skip of empty lines before a request line reads the stale byte past the buffered ones, so the request after one sent behind an empty line loses its first byte",
    file: "src/serve/_http1.ts",
    find: "this.#start < this.#end &&",
    replace: "this.#start <= this.#end &&",
    tests: ["tests/serve/wire_reader_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-head-scan-stale-next",
    bug:
      "listener: the scan for a head's end reads the stale byte past what was received as the byte after a line's LF, ending a second head in pieces early",
    file: "src/serve/_http1.ts",
    find: "const next = i + 1 < this.#end ? buffer[i + 1] : -1;",
    replace: "const next = i < this.#end ? buffer[i + 1] : -1;",
    tests: [
      "tests/serve/wire_reader_r13b_mutants_test.ts",
      "tests/serve/wire_reader_r13a_mutants_test.ts",
    ],
  },
  {
    id: "lisb13-head-scan-stale-after-cr",
    bug:
      "listener: the scan for a head's end reads the stale byte past what was received after a line's LF and a CR, taking a bare CR that ends a piece for the head's end",
    file: "src/serve/_http1.ts",
    find: "const afterCr = i + 2 < this.#end ? buffer[i + 2] : -1;",
    replace: "const afterCr = i + 2 <= this.#end ? buffer[i + 2] : -1;",
    tests: ["tests/serve/wire_reader_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-head-end-cr-or-lf",
    bug:
      "listener: a line starting with a bare CR, or a one-byte line, ends the head (served from the lines before it) instead of a 400",
    file: "src/serve/_http1.ts",
    find: "else if (next === CR && afterCr === LF) endOfHead = i + 3;",
    replace: "else if (next === CR || afterCr === LF) endOfHead = i + 3;",
    tests: ["tests/serve/wire_reader_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-head-exact-max-refused",
    bug: "listener: a head of exactly maxHeaderBytes is refused with a 431",
    file: "src/serve/_http1.ts",
    find: "if (endOfHead - this.#start > maxBytes) {",
    replace: "if (endOfHead - this.#start >= maxBytes) {",
    tests: ["tests/serve/wire_reader_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-head-at-max-waits",
    bug:
      "listener: an unfinished head that has reached maxHeaderBytes waits for more instead of its 431",
    file: "src/serve/_http1.ts",
    find: "if (this.#end - this.#start >= maxBytes) {",
    replace: "if (this.#end - this.#start > maxBytes) {",
    tests: [
      "tests/serve/wire_reader_r13b_mutants_test.ts",
      "tests/serve/wire_reader_r13a_mutants_test.ts",
    ],
  },
  {
    id: "lisb13-chunk-line-bare-lf",
    bug:
      "listener: a chunk line ended by a bare LF is read as a line (the body read as sent) where Node refuses it",
    file: "src/serve/_http1.ts",
    find: "if (end === this.#start || this.#buffer[end - 1] !== CR) {",
    replace: "if (end === this.#start && this.#buffer[end - 1] !== CR) {",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-chunk-line-lf-first",
    bug:
      "listener: a chunked body whose last byte sent is a bare LF is held until its timeout instead of refused at once",
    file: "src/serve/_http1.ts",
    find: "if (at >= 0) {",
    replace: "if (at > 0) {",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-chunk-line-split-refused",
    bug:
      "listener: a chunk line that arrives in more than one read is refused as too long",
    file: "src/serve/_http1.ts",
    find: "if (this.buffered >= maxBytes) {",
    replace: "if (!(this.buffered >= maxBytes)) {",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-chunk-line-at-max-held",
    bug:
      "listener: a chunk line that has reached its bound without an end waits for more instead of being refused",
    file: "src/serve/_http1.ts",
    find: "if (this.buffered >= maxBytes) {",
    replace: "if (this.buffered > maxBytes) {",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-chunk-line-more-is-cut",
    bug:
      "listener: more bytes of a chunk line arriving are taken for the end of the input (the body cut off)",
    file: "src/serve/_http1.ts",
    find: "if (!(await this.#fill(maxBytes + 2))) {",
    replace: "if ((await this.#fill(maxBytes + 2))) {",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-continue-every-read",
    bug:
      "listener: the body's start hook runs at every read, so `100 Continue` is sent before each piece of the body",
    file: "src/serve/_http1.ts",
    find: "          started = true;",
    replace: "          started = false;",
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-trailers-65",
    bug:
      "listener: a chunked body's 65th trailer line is read, past the bound of 64",
    file: "src/serve/_http1.ts",
    find: 'if (i >= 64) throw new HttpWireError(400, "Too many trailers.");',
    replace: 'if (i > 64) throw new HttpWireError(400, "Too many trailers.");',
    tests: ["tests/serve/chunk_lines_r13b_mutants_test.ts"],
  },
  {
    id: "lisb13-arrived-body-not-taken",
    bug:
      "listener: a body that came with its head and nothing after it is not taken as whole, so one the handler leaves unread closes the connection",
    file: "src/serve/_http1.ts",
    find: "if (this.buffered < n) return null;",
    replace: "if (this.buffered <= n) return null;",
    tests: [
      "tests/serve/wire_reader_r13b_mutants_test.ts",
      "tests/serve/deno_connection_r13a_mutants_test.ts",
    ],
  },
  {
    id: "lisb13-head-rescanned",
    bug:
      "listener: each read of a head scans it again from its start, time quadratic in the head's size for a client sending it a byte at a time",
    file: "src/serve/_http1.ts",
    find: "scanned = Math.max(0, this.#end - this.#start - 2);",
    replace: "scanned = Math.min(0, this.#end - this.#start - 2);",
    tests: ["tests/serve/wire_reader_r13b_mutants_test.ts"],
  },
  {
    id: "lis14-node-stalled-write-drained",
    bug:
      "node listener: a write the client does not take is taken as drained once idleTimeoutMs passes, so the answer is written on for ever and never given up",
    file: "src/serve/_node_server.ts",
    find: "const timer = setTimeout(() => done(false), limits.idleTimeoutMs);",
    replace:
      "const timer = setTimeout(() => done(true), limits.idleTimeoutMs);",
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-stalled-write-kept",
    bug:
      "node listener: an answer given up because its client stopped reading leaves the response open (completed never settles, the connection stays)",
    file: "src/serve/_node_server.ts",
    find:
      "          res.destroy();\n          await reader.cancel().catch(() => {});\n          // The client",
    replace:
      "          ;\n          await reader.cancel().catch(() => {});\n          // The client",
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-drain-listener-left",
    bug:
      "node listener: each wait for a drain leaves its drain listener on the response, piling up over a long answer (Node warns past ten)",
    file: "src/serve/_node_server.ts",
    find: `        res.off("drain", onDrain);`,
    replace: `        ;`,
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-close-listener-left",
    bug:
      "node listener: each wait for a drain leaves its close listener on the response, piling up over a long answer (Node warns past ten)",
    file: "src/serve/_node_server.ts",
    find: `        res.off("close", onClose);`,
    replace: `        ;`,
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-refused-counted",
    bug:
      "node listener: a socket refused past the cap is counted as open too, so a refused client that keeps its side open holds a slot",
    file: "src/serve/_node_server.ts",
    find: "      socket.end(REFUSED);\n      return;",
    replace: "      socket.end(REFUSED);\n      ;",
    tests: ["tests/serve/node_slots_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-refuse-twice-and",
    bug:
      "serve: a connection whose 408 is still going out is refused again (a head ending just after its timeout gets a 413 written after the 408)",
    file: "src/serve/_deno_server.ts",
    find: "if (c.closed || c.answered) return Promise.resolve();",
    replace: "if (c.closed && c.answered) return Promise.resolve();",
    tests: ["tests/serve/deno_refuse_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-refuse-twice-unguarded",
    bug:
      "serve: refuse's guard does not return, so an answered connection is refused a second time",
    file: "src/serve/_deno_server.ts",
    find: "if (c.closed || c.answered) return Promise.resolve();",
    replace: "if (c.closed || c.answered) Promise.resolve();",
    tests: ["tests/serve/deno_refuse_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-hung-408-kept",
    bug:
      "serve: a connection whose 408 cannot be written (a client neither reading nor closing) is never closed by the sweeper",
    file: "src/serve/_deno_server.ts",
    find: "if (c.answered) closeQuietly(c);",
    replace: "if (c.answered) {}",
    tests: ["tests/serve/deno_refuse_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-linger-smallest-idle",
    bug:
      "serve: with idleTimeoutMs 1 a refused upload's connection is closed at once after its 413 instead of lingering",
    file: "src/serve/_deno_server.ts",
    find: "() => lingerMs > 0 ? linger(c, lingerMs) : closeQuietly(c),",
    replace: "() => lingerMs > 1 ? linger(c, lingerMs) : closeQuietly(c),",
    tests: ["tests/serve/deno_refuse_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-shutdown-late-answer-kept",
    bug:
      "node listener: a keep-alive connection whose answer (its head sent before shutdown) ends during shutdown is left open, holding the server and the process",
    file: "src/serve/_node_server.ts",
    find: "if (stopping && left === 0) socket.end();",
    replace: "if (stopping && left === 0) {}",
    tests: ["tests/serve/node_slots_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-shutdown-late-answer-busy-only",
    bug:
      "node listener: during shutdown, a connection is ended after an answer only while other answers are still in progress on it",
    file: "src/serve/_node_server.ts",
    find: "if (stopping && left === 0) socket.end();",
    replace: "if (stopping && left !== 0) socket.end();",
    tests: ["tests/serve/node_slots_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-cut-answer-kept",
    bug:
      "serve: a keep-alive connection whose answer's body failed midway is kept for a next request, so the client waits for the rest of a cut answer",
    file: "src/serve/_deno_server.ts",
    find: `    if (!complete) return "close";`,
    replace: `    if (!complete) "close";`,
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-nagle-on",
    bug:
      "serve: Nagle's algorithm is left on, so an answer's second write waits for the client's delayed ACK",
    file: "src/serve/_deno_server.ts",
    find: "setNoDelay(true)",
    replace: "setNoDelay(false)",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-refusal-not-awaited",
    bug:
      "serve: shutdown resolves while a connection refused past the cap still has its 503 going out",
    file: "src/serve/_deno_server.ts",
    find:
      "        ).finally(() => tasks.delete(task));\n        tasks.add(task);",
    replace: "        ).finally(() => tasks.delete(task));\n        ;",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-accept-backoff-spins",
    bug:
      "serve: failed accepts (out of file descriptors) are retried without the backoff, spinning",
    file: "src/serve/_deno_server.ts",
    find: "pause = pause === 0 ? 5",
    replace: "pause = pause !== 0 ? 5",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-accept-backoff-unbounded",
    bug:
      "serve: the backoff after failed accepts grows without its 1 s bound, leaving the port dead for minutes after a burst",
    file: "src/serve/_deno_server.ts",
    find: "Math.min(pause * 2, 1_000)",
    replace: "Math.max(pause * 2, 1_000)",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-first-pieces-stall-kept",
    bug:
      "node listener: an answer given up while the pieces read before its head stall (the client stopped reading) is left open",
    file: "src/serve/_node_server.ts",
    find:
      "        if (!res.write(chunk) && !(await drained(res))) {\n          res.destroy();",
    replace:
      "        if (!res.write(chunk) && !(await drained(res))) {\n          ;",
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-long-answer-cut-at-drain",
    bug:
      "node listener: a streamed answer larger than the socket buffers is cut at its first wait for a drain",
    file: "src/serve/_node_server.ts",
    find: "if (!res.write(chunk) && !(await drained(res))) {",
    replace: "if (!res.write(chunk) && (await drained(res))) {",
    tests: ["tests/serve/node_idle_write_r14_mutants_test.ts"],
  },
  {
    id: "lis14-node-listen-error-unheard",
    bug:
      "node listener: a port already taken throws out of node:http (no error listener while listening) and takes the process down, instead of serve rejecting",
    file: "src/serve/_node_server.ts",
    find: `    server.once("error", reject);`,
    replace: `    ;`,
    tests: ["tests/serve/node_listen_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-large-declared-held",
    bug:
      "serve: an answer declaring more than 64 KiB is read whole into memory before a byte of it is sent",
    file: "src/serve/_deno_server.ts",
    find: "declared !== undefined && declared <= WHOLE_BODY_MAX_BYTES &&",
    replace: "declared !== undefined &&",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-linger-ends-early",
    bug:
      "serve: a lingering close ends at its bound instead of past it, a millisecond early",
    file: "src/serve/_deno_server.ts",
    find: "if (now > c.lingerBy) closeQuietly(c);",
    replace: "if (now >= c.lingerBy) closeQuietly(c);",
    tests: ["tests/serve/deno_refuse_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-idle-edge",
    bug:
      "serve: a kept-alive connection is closed at the very millisecond its idle timeout ends",
    file: "src/serve/_deno_server.ts",
    find: "(c.idleBy && now > c.idleBy)",
    replace: "(c.idleBy && now >= c.idleBy)",
    tests: ["tests/serve/deno_idle_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-first-head-idle",
    bug:
      "serve: a new connection also gets the idle deadline, so with idleTimeoutMs shorter than headersTimeoutMs a client yet to send is cut off silently instead of its 408",
    file: "src/serve/_deno_server.ts",
    find: "for (let first = true; !c.closed && !stopping; first = false)",
    replace: "for (let first = false; !c.closed && !stopping; first = false)",
    tests: ["tests/serve/deno_idle_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-shutdown-keeps-reused",
    bug:
      "serve: a keep-alive answer being written when shutdown begins leaves its connection waiting for a next request, holding shutdown",
    file: "src/serve/_deno_server.ts",
    find: "for (let first = true; !c.closed && !stopping; first = false)",
    replace: "for (let first = true; !c.closed || !stopping; first = false)",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-deno-closed-not-marked",
    bug:
      "serve: a connection its client left is not marked closed, so the handler's answer is written anyway, a small declared one read whole first instead of cancelled",
    file: "src/serve/_deno_server.ts",
    find: "  c.closed = true;\n  c.abort?.abort",
    replace: "  c.closed = false;\n  c.abort?.abort",
    tests: ["tests/serve/deno_answers_r14_mutants_test.ts"],
  },
  {
    id: "lis14-wire-read-past-end",
    bug:
      "listener: past the end of the input the wire reader hands out empty pieces for ever, so a body cut off by its sender is never seen as cut off",
    file: "src/serve/_http1.ts",
    find:
      "    if (this.buffered === 0 && !(await this.#fill(this.#buffer.byteLength))) {\n      return null;",
    replace:
      "    if (this.buffered === 0 && !(await this.#fill(this.#buffer.byteLength))) {\n      null;",
    tests: ["tests/serve/wire_reader_r14_mutants_test.ts"],
  },
  {
    id: "perf15-write-rest-dropped",
    bug:
      "serve: a write the socket takes only part of is not gone on with, so the client gets a cut, corrupt answer",
    file: "src/serve/_deno_server.ts",
    find:
      "if (n >= bytes.byteLength) c.writeBy = 0;\n    else return writeRest(c, bytes, n);",
    replace: "c.writeBy = 0;",
    tests: ["tests/serve/short_write_test.ts"],
  },
  {
    id: "perf15-write-rest-from-start",
    bug:
      "serve: the rest of a short write is written from the answer's first byte again, not from the first byte not taken",
    file: "src/serve/_deno_server.ts",
    find: "at += await c.conn.write(bytes.subarray(at));",
    replace: "at += await c.conn.write(bytes);",
    tests: ["tests/serve/short_write_test.ts"],
  },
  {
    id: "perf15-byob-never-released",
    bug:
      "serve: a byte stream whose source closes without answering the waiting read (no respond(0)) leaves its answer unfinished for ever",
    file: "src/serve/_write_body.ts",
    find: "    if (reading) {\n      queueMicrotask(",
    replace: "    if (false) {\n      queueMicrotask(",
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "perf15-byob-read-not-noted",
    bug:
      "serve: a read is not noted as waiting, so a byte stream closed without respond(0) is never released and its answer never ends",
    file: "src/serve/_write_body.ts",
    find: "    reading = true;\n",
    replace: "\n",
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "perf15-frame-size-digits",
    bug:
      "serve: a streamed chunk of 16 to 31 bytes (or 256 to 511, …) gets a size line one hex digit short",
    file: "src/serve/_write_body.ts",
    find:
      "for (let n = Math.floor(size / 16); n > 0; n = Math.floor(n / 16)) digits++;",
    replace:
      "for (let n = Math.floor(size / 16); n > 1; n = Math.floor(n / 16)) digits++;",
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "perf15-chunk-frame-data-offset",
    bug:
      "serve: a chunk of a plain stream is copied one byte early into its frame, over the size line's LF",
    file: "src/serve/_write_body.ts",
    find: "frame.set(data, digits + 2);",
    replace: "frame.set(data, digits + 1);",
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "perf15-chunk-frame-size-text",
    bug:
      "serve: a chunk's size line is written in decimal digits, not hex, so a client reads a 16-byte chunk as 22 bytes",
    file: "src/serve/_write_body.ts",
    find: "frame[i] = HEX[n % 16];",
    replace: "frame[i] = HEX[n % 10];",
    tests: ["tests/serve/http1_test.ts"],
  },
  {
    id: "lis15-deno-declared-chunked",
    bug:
      "deno listener: an answer declaring a Content-Length above 64 KiB goes out chunked, without its length",
    file: "src/serve/_deno_server.ts",
    find: ": declaredLength(response);",
    replace:
      ": (declaredLength(response) ?? Infinity) <= WHOLE_BODY_MAX_BYTES ? declaredLength(response) : undefined;",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-declared-longer-sent",
    bug:
      "deno listener: a body longer than its declared Content-Length is sent whole, so its extra bytes start the next answer on the connection",
    file: "src/serve/_declared_body.ts",
    find: "await write(bytes.subarray(0, left));",
    replace: "await write(bytes);",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-declared-short-kept",
    bug:
      "deno listener: a body that ends short of its declared Content-Length leaves the connection open, the client waiting for bytes that never come",
    file: "src/serve/_declared_body.ts",
    find: "  if (left > 0) {",
    replace: "  if (left < 0) {",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-head-declared-dropped",
    bug:
      "deno listener: a HEAD answer loses the Content-Length its handler declared",
    file: "src/serve/_deno_server.ts",
    find: "(!isHead && response.body === null)",
    replace: "(!isHead && response.body === null) || isHead",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-declared-write-unbounded",
    bug:
      "deno listener: a client that stops reading an answer of declared length holds it for ever, its body never cancelled",
    file: "src/serve/_deno_server.ts",
    find:
      "          (out) => writeAll(c, out, limits.idleTimeoutMs),\n          abort.signal,\n        );\n      } else if",
    replace:
      "          async (out) => {\n            for (let at = 0; at < out.byteLength;) at += await c.conn.write(out.subarray(at));\n          },\n          abort.signal,\n        );\n      } else if",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-node-declared-longer-sent",
    bug:
      "node listener: a body longer than its declared Content-Length is sent whole, its extra bytes read as the start of the next answer",
    file: "src/serve/_node_server.ts",
    find: "if (chunk.byteLength >= left) chunk = chunk.subarray(0, left);",
    replace: ";",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-node-declared-short-kept",
    bug:
      "node listener: a body that ends short of its declared Content-Length keeps the connection, so the client reads the next answer as the rest of this one",
    file: "src/serve/_node_server.ts",
    find: "if (left > 0 && left !== Infinity) {",
    replace: "if (left < 0 && left !== Infinity) {",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-declared-end-awaited",
    bug:
      "deno listener: a body that has given its whole declared length is read on, so one that then stays open holds the connection and its next request for ever",
    file: "src/serve/_declared_body.ts",
    find: "if (bytes.byteLength < left) {",
    replace: "if (bytes.byteLength <= left) {",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-declared-one-short",
    bug:
      "deno listener: a body one byte short of its declared Content-Length keeps the connection, the client waiting for the byte",
    file: "src/serve/_declared_body.ts",
    find: "  if (left > 0) {",
    replace: "  if (left > 1) {",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-node-length-not-a-number",
    bug:
      "node listener: a declared Content-Length that is no number (abc) is sent as is, with an unframed body no client can read",
    file: "src/serve/_node_server.ts",
    find: '      delete head["content-length"];',
    replace: "      ;",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-node-empty-get-declared",
    bug:
      "node listener: a GET answer with no body goes with the length its handler declared, so the client reads the next answer as its body",
    file: "src/serve/_node_server.ts",
    find: ') head["content-length"] = "0";',
    replace: ') head["content-length"] ??= "0";',
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-null-body-declared",
    bug:
      "deno listener: a GET answer with no body takes its handler's declared length, and the listener then writes a body that does not exist",
    file: "src/serve/_deno_server.ts",
    find: "const declared = isNullBodyStatus(response.status) ||",
    replace: "const declared = isNullBodyStatus(response.status) &&",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-empty-whole-declared",
    bug:
      "deno listener: a small answer whose body is empty goes with the length its handler declared, so the client waits for bytes that never come",
    file: "src/serve/_deno_server.ts",
    find: ": { length: whole?.byteLength ?? declared }),",
    replace: ": { length: whole?.byteLength || declared }),",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-node-declared-body-kept",
    bug:
      "node listener: a body that has given its whole declared length is never cancelled, so one that goes on (a relayed upstream) is held open for good",
    file: "src/serve/_node_server.ts",
    find:
      "        if (left === 0) {\n          await reader.cancel().catch(() => {});",
    replace: "        if (left === 0) {\n          ;",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-small-declared-unbounded",
    bug:
      "deno listener: an answer declaring a few bytes whose body goes on is read whole into memory without end, and never answered",
    file: "src/serve/_deno_server.ts",
    find:
      "        whole = await readDeclared(\n          response.body,\n          declared,\n          WHOLE_BODY_MAX_BYTES,\n          abort.signal,\n        );",
    replace: "        whole = new Uint8Array(await response.arrayBuffer());",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-small-declared-uncut",
    bug:
      "deno listener: a small declared body that goes past 64 KiB is sent as read, past its declared length, so the client reads its rest as the next answer",
    file: "src/serve/_declared_body.ts",
    find: "      return concat(chunks).subarray(0, length);",
    replace: "      return concat(chunks);",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-small-declared-gone-ignored",
    bug:
      "deno listener: a client that leaves while a small declared body is read whole does not cancel it, so a stalled upstream is held for good",
    file: "src/serve/_declared_body.ts",
    find: '  gone.addEventListener("abort", cancel);',
    replace: "  ;",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis15-deno-small-declared-at-bound-cut",
    bug:
      "deno listener: a body of exactly 64 KiB under a smaller declared length is cut at that length instead of sent whole with its real one",
    file: "src/serve/_declared_body.ts",
    find: "    if (size > max) {",
    replace: "    if (size >= max) {",
    tests: ["tests/serve/declared_length_test.ts"],
  },
  {
    id: "lis24-no-date",
    bug:
      "deno listener: an answer goes without the Date header RFC 9110 asks of an origin server with a clock",
    file: "src/serve/_http1.ts",
    find: "if (!dated) text += `date: ${httpDate()}\\r\\n`;",
    replace: "if (dated) text += `date: ${httpDate()}\\r\\n`;",
    tests: ["tests/serve/date_header_test.ts"],
  },
  {
    id: "lis24-second-date",
    bug:
      "deno listener: a handler's own Date gets a second Date line beside it",
    file: "src/serve/_http1.ts",
    find: '    if (name === "date") dated = true;\n',
    replace: "\n",
    tests: ["tests/serve/date_header_test.ts"],
  },
  {
    id: "lis24-refusal-undated",
    bug:
      "deno listener: its own refusals (400, 408, 413, 431, 503) go without a Date",
    file: "src/serve/_http1.ts",
    find: "  }\\r\\ndate: ${httpDate()}\\r\\n`;",
    replace: "  }\\r\\n`;",
    tests: ["tests/serve/date_header_test.ts"],
  },
  {
    id: "lis24-date-stale",
    bug:
      "deno listener: the Date is formatted once and kept, so answers carry the server's start time",
    file: "src/serve/_http_date.ts",
    find: "  if (current !== second) {",
    replace: "  if (second < 0) {",
    tests: ["tests/serve/date_header_test.ts"],
  },
];

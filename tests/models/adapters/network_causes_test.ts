// A failed fetch names its cause (details.cause and the message) on the wire
// for real: a closed port, a name that never resolves, a server that resets
// the connection, TLS against a plain server and against a self-signed
// certificate, a server that never answers. Portable: the npm build runs it
// on Node (undici's error codes) as Deno runs it (Deno's messages).
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import tls from "node:tls";
import {
  createOpenAIAdapter,
  type FetchFunction,
} from "../../../src/models/adapters/openai.ts";
import { AdapterError, type IRChatRequest } from "../../../src/models/mod.ts";

const KEY = "sk-network-cause-secret-0123456789";
const QUERY_SECRET = "qs-secret-987654321";
const request: IRChatRequest = {
  messages: [{ role: "user", content: "hi" }],
};

/** The adapter's error for one call to `baseURL`. */
async function failure(
  baseURL: string,
  extra: { timeout?: number; fetch?: FetchFunction } = {},
): Promise<AdapterError> {
  const adapter = createOpenAIAdapter({
    apiKey: KEY,
    baseURL,
    defaultModel: "m",
    ...extra,
  });
  try {
    await adapter.execute(request);
  } catch (error) {
    assert.ok(error instanceof AdapterError, String(error));
    // Nothing secret in what an answer or a log line could show.
    const shown = `${error.message} ${JSON.stringify(error.details)}`;
    assert.doesNotMatch(shown, new RegExp(`${KEY}|${QUERY_SECRET}`));
    return error;
  }
  throw new Error("the call succeeded");
}

/** A loopback TCP server; `close` destroys its connections first. */
async function listen(
  server: net.Server,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("secureConnection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether openssl can be run (it generates the self-signed certificate). */
function hasOpenssl(): boolean {
  return spawnSync("openssl", ["version"], { stdio: "ignore" }).status === 0;
}

const opensslSkip = hasOpenssl() || process.env.CI === "true"
  ? false
  : "openssl is missing (apt-get install openssl)";

describe("a failed fetch names its cause", () => {
  it("refused: a closed loopback port", async () => {
    const { port, close } = await listen(net.createServer());
    await close();
    const error = await failure(
      `http://127.0.0.1:${port}/v1?key=${QUERY_SECRET}`,
    );
    assert.equal(error.code, "NETWORK_ERROR");
    assert.equal(error.details?.cause, "refused");
    assert.equal(error.details?.host, `127.0.0.1:${port}`);
    assert.equal(
      error.message,
      `openai: connection refused (127.0.0.1:${port})`,
    );
  });

  it("dns: a name under .invalid, which never resolves", async () => {
    // The machine's resolver answers for .invalid itself or asks upstream;
    // a slow upstream must not turn the lookup's failure into the call's
    // timeout (10 s by default), which is another cause.
    const error = await failure(
      `https://gateway-test.invalid/v1?key=${QUERY_SECRET}`,
      { timeout: 60_000 },
    );
    assert.equal(error.details?.cause, "dns");
    assert.equal(
      error.message,
      "openai: DNS lookup failed (gateway-test.invalid:443)",
    );
  });

  it("credentials in the URL are not repeated, whatever the runtime makes of them", async () => {
    const { port, close } = await listen(net.createServer());
    await close();
    // Deno connects (and is refused); Node's fetch refuses such a URL.
    const error = await failure(
      `http://user:${QUERY_SECRET}@127.0.0.1:${port}/v1`,
    );
    assert.equal(error.code, "NETWORK_ERROR");
    assert.match(error.message, new RegExp(`\\(127\\.0\\.0\\.1:${port}\\)`));
  });

  it("reset: a server that destroys the socket once the request comes", async () => {
    const server = await listen(
      net.createServer((socket) => {
        socket.once("data", () => {
          const reset = (socket as { resetAndDestroy?: () => void })
            .resetAndDestroy;
          if (reset) reset.call(socket);
          else socket.destroy();
        });
      }),
    );
    try {
      const error = await failure(`http://127.0.0.1:${server.port}/v1`);
      assert.equal(error.details?.cause, "reset");
      assert.equal(
        error.message,
        `openai: connection reset (127.0.0.1:${server.port})`,
      );
    } finally {
      await server.close();
    }
  });

  it("tls: https:// to a plain HTTP server", async () => {
    const server = await listen(
      net.createServer((socket) => {
        socket.once(
          "data",
          () => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"),
        );
      }),
    );
    try {
      const error = await failure(`https://127.0.0.1:${server.port}/v1`);
      assert.equal(error.details?.cause, "tls");
      assert.match(
        error.message,
        new RegExp(
          `^openai: TLS failed \\(127\\.0\\.0\\.1:${server.port}\\): \\S`,
        ),
      );
      assert.doesNotMatch(error.message, /\n|https:\/\/127\.0\.0\.1:\d+\/v1/);
    } finally {
      await server.close();
    }
  });

  it("tls: a self-signed certificate", { skip: opensslSkip }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "switchyard-tls-"));
    try {
      const made = spawnSync("openssl", [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ], { stdio: "ignore" });
      assert.equal(made.status, 0, "openssl req");
      const server = await listen(
        tls.createServer({
          key: readFileSync(join(dir, "key.pem")),
          cert: readFileSync(join(dir, "cert.pem")),
        }, (socket) => socket.end("HTTP/1.1 200 OK\r\n\r\n")),
      );
      try {
        const error = await failure(`https://127.0.0.1:${server.port}/v1`);
        assert.equal(error.details?.cause, "tls");
        assert.match(error.message, /certificate/i);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("timeout: a server that accepts and never answers", async () => {
    const server = await listen(net.createServer(() => {}));
    try {
      const error = await failure(`http://127.0.0.1:${server.port}/v1`, {
        timeout: 100,
      });
      assert.equal(error.code, "TIMEOUT");
      assert.equal(error.details?.cause, "timeout");
      assert.equal(
        error.message,
        `openai: no response within 100 ms (127.0.0.1:${server.port})`,
      );
    } finally {
      await server.close();
    }
  });

  it("the other runtime's shapes: undici codes and Deno's messages", async () => {
    const cases: Array<[unknown, string]> = [
      [{ code: "EAI_AGAIN" }, "dns"],
      [{ code: "ECONNREFUSED" }, "refused"],
      [{ code: "UND_ERR_SOCKET", message: "other side closed" }, "reset"],
      [{ code: "UND_ERR_CONNECT_TIMEOUT" }, "timeout"],
      [{ code: "UND_ERR_HEADERS_TIMEOUT" }, "timeout"],
      [{ code: "DEPTH_ZERO_SELF_SIGNED_CERT" }, "tls"],
      [{ code: "ERR_TLS_CERT_ALTNAME_INVALID" }, "tls"],
      [{ code: "EHOSTUNREACH" }, "unreachable"],
      // Node 20 tries every address of a name: an AggregateError.
      [
        Object.assign(new AggregateError([{ code: "ECONNREFUSED" }]), {
          code: "ECONNREFUSED",
        }),
        "refused",
      ],
      [
        new Error(
          `error sending request for url (http://x.test/v1?key=${QUERY_SECRET}): client error (Connect): dns error: failed to lookup address information`,
        ),
        "dns",
      ],
      [
        new Error("tcp connect error: Connection refused (os error 111)"),
        "refused",
      ],
      [new Error("Connection reset by peer (os error 104)"), "reset"],
      [
        new Error(
          "client error (Connect): invalid peer certificate: UnknownIssuer",
        ),
        "tls",
      ],
      [
        new Error("tcp connect error: Connection timed out (os error 110)"),
        "timeout",
      ],
      [new Error("Network is unreachable (os error 101)"), "unreachable"],
      [new Error("Requests to port 9 are blocked"), "other"],
    ];
    for (const [cause, expected] of cases) {
      const thrown = new TypeError("fetch failed", { cause });
      const error = await failure(`http://x.test/v1?key=${QUERY_SECRET}`, {
        fetch: () => Promise.reject(thrown),
      });
      assert.equal(error.details?.cause, expected, JSON.stringify(cause));
      assert.equal(error.cause, thrown, "the runtime's error is kept");
      assert.doesNotMatch(error.message, /fetch failed/);
    }
  });
});

// The bare relay of bench/gateway_peers.ts with the parts of a gateway's
// request added one group at a time, each a server of its own (one per
// process, `PORT <n>` on stdout once it listens), so bench/relay_parts.ts
// can tell which part of the gateway's added CPU per request on the wire is
// the shape of any gateway that reads usage and which is the gateway's own:
//   relay <upstream>     Deno.serve + fetch, the body passed through
//   request <upstream>   the relay, reading what the gateway reads of the
//                        client's request (its URL and two headers)
//   call <upstream>      the relay, calling the upstream as the gateway's
//                        OpenAI adapter does: the client's body parsed and
//                        serialized again, three headers, a signal of its
//                        own linked to the client's
//   answer <upstream>    the relay, answering as the gateway answers: the
//                        upstream's JSON read whole and parsed, its bytes
//                        sent with four headers set
//   shape <upstream>     all three
//   gateway <upstream>   Deno.serve(createGateway(…)) over the OpenAI adapter
import { gateway } from "./_gateway_peers_server.ts";

const decoder = new TextDecoder();

/** The headers the OpenAI adapter sends on every call. */
const CALL_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  accept: "application/json",
  authorization: "Bearer sk-bench-upstream",
};

type Handler = (request: Request) => Promise<Response>;

/** A handler for `mode`, relaying to `base`'s Chat Completions. */
function handlerOf(mode: string, base: string): Handler | undefined {
  if (mode === "gateway") return gateway(base);
  const target = `${base}/v1/chat/completions`;
  const reads = mode === "request" || mode === "shape";
  const calls = mode === "call" || mode === "shape";
  const answers = mode === "answer" || mode === "shape";
  if (!["relay", "request", "call", "answer", "shape"].includes(mode)) {
    return undefined;
  }
  return async (request) => {
    if (reads) {
      const seen = request.url.length +
        (request.headers.get("x-request-id")?.length ?? 0) +
        (request.headers.get("content-length")?.length ?? 0);
      if (seen === 0) throw new Error("no URL");
    }
    const bytes = await request.arrayBuffer();
    let response: Response;
    if (calls) {
      const body = JSON.parse(decoder.decode(bytes));
      const own = new AbortController();
      const onAbort = (): void => own.abort(request.signal.reason);
      request.signal.addEventListener("abort", onAbort, { once: true });
      try {
        response = await fetch(target, {
          method: "POST",
          headers: { ...CALL_HEADERS },
          body: JSON.stringify({ ...body, model: "gpt-4o-mini" }),
          signal: own.signal,
        });
      } finally {
        request.signal.removeEventListener("abort", onAbort);
      }
    } else {
      response = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bytes,
        signal: request.signal,
      });
    }
    if (!answers) {
      return new Response(response.body, {
        status: response.status,
        headers: {
          "content-type": response.headers.get("content-type") ??
            "application/json",
        },
      });
    }
    const answer = new Uint8Array(await response.arrayBuffer());
    JSON.parse(decoder.decode(answer));
    const out = new Response(answer);
    out.headers.set("x-request-id", crypto.randomUUID());
    out.headers.set("x-switchyard-cost-usd", "0.0000153");
    out.headers.set("content-type", "application/json");
    out.headers.set("content-length", `${answer.byteLength}`);
    return out;
  };
}

if (import.meta.main) {
  const [mode, upstream] = Deno.args;
  const handler = upstream === undefined
    ? undefined
    : handlerOf(mode, upstream);
  if (handler === undefined) {
    console.error(
      "usage: relay | request | call | answer | shape | gateway <upstream url>",
    );
    Deno.exit(2);
  }
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
  Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen({ port }) {
      console.log(`PORT ${port}`);
    },
  }, handler);
}

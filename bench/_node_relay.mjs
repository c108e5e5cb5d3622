// The bare relay on Node, Node's own floor for bench/gateway_peers.ts:
// node:http + fetch, the upstream body passed through as it comes (each
// chunk written as it arrives, backpressure through `drain`), nothing else:
// no limits, no logging. It listens on 127.0.0.1 port 0 and prints
// `PORT <n>` on stdout once it listens.
//   node bench/_node_relay.mjs <upstream origin>
import http from "node:http";

const [upstream] = process.argv.slice(2);
if (!upstream) {
  console.error("usage: node bench/_node_relay.mjs <upstream origin>");
  process.exit(2);
}
const target = `${upstream}/v1/chat/completions`;

const server = http.createServer(async (req, res) => {
  try {
    const parts = [];
    for await (const part of req) parts.push(part);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.concat(parts),
      signal: controller.signal,
    });
    res.writeHead(response.status, {
      "content-type": response.headers.get("content-type") ??
        "application/json",
    });
    for await (const chunk of response.body) {
      if (!res.write(chunk)) {
        await new Promise((resolve) => res.once("drain", resolve));
      }
    }
    res.end();
  } catch {
    res.destroy();
  }
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${server.address().port}\n`);
});
process.on("SIGTERM", () => process.exit(0));

// Runs the Portkey gateway (npm @portkey-ai/gateway, its Node server) for
// bench/gateway_peers.ts on 127.0.0.1 and a free port: its start script
// listens on every interface at --port, so the listen call is narrowed to
// loopback here, and the port it got is printed as `PORT <n>` on stdout.
//   node bench/_portkey_server.mjs <path to node_modules/@portkey-ai/gateway>
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node bench/_portkey_server.mjs <gateway package dir>");
  process.exit(2);
}
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function () {
  this.once("listening", () => {
    process.stdout.write(`PORT ${this.address().port}\n`);
  });
  return listen.call(this, { host: "127.0.0.1", port: 0 });
};
// Its start script clears the console and prints a banner; keep stdout ours.
console.clear = () => {};
console.log = () => {};
process.argv.splice(2, process.argv.length, "--headless", "--port=0");
await import(pathToFileURL(path.join(dir, "build", "start-server.js")).href);

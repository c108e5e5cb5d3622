// The Node server of bench/serve_router_load.sh: serve(router) from the npm
// build (`deno task build` first), as an npm user imports it.
// Usage: node bench/_serve_router_node.mjs <package dir> <port>
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, port] = [process.argv[2], Number(process.argv[3])];
const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const load = (subpath) =>
  import(pathToFileURL(join(dir, manifest.exports[subpath].import)).href);
const { createRoute, createRouter } = await load("./router");
const { serve } = await load("./serve");
const router = createRouter().endpoint`GET /hello/:name`(createRoute()`
    HTTP/1.1 200 OK
    Content-Type: text/plain

    Hello ${(_request, context) => context.params.name}!
  `);
await serve(router, { hostname: "127.0.0.1", port });

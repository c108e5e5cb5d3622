// One server of bench/serve_router_load.sh on Deno:
//   deno-serve <port>  Deno.serve(router)
//   serve <port>       serve(router) of ./serve (the bounded listener)
import { serve } from "../src/serve/mod.ts";
import { helloRouter } from "./_serve_router_app.ts";

const [mode, port] = [Deno.args[0], Number(Deno.args[1])];
const router = helloRouter();
if (mode === "deno-serve") {
  Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, router);
} else if (mode === "serve") {
  await serve(router, { hostname: "127.0.0.1", port });
} else {
  console.error(`unknown mode ${mode}`);
  Deno.exit(2);
}

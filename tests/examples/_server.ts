// Starts the demo app on 127.0.0.1 with an OS-chosen port, for the Deno-only
// example tests. `close()` shuts the server down and disposes the gateway's model router.
import { createApp } from "../../examples/_app.ts";
import { createAdapter, LOCAL_BACKENDS } from "../../src/gateway/mod.ts";
import { createGateway, type GatewayOptions } from "../../src/gateway/mod.ts";
import type { BackendAdapter } from "../../src/models/mod.ts";
import { withTimeout } from "../_bounded.ts";

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  close(): Promise<void>;
}

/** The local backends `deno task start` uses when nothing is configured. */
export function localBackends(): Array<[string, BackendAdapter]> {
  return LOCAL_BACKENDS.map((spec) => [spec.name, createAdapter(spec)]);
}

export function startServer(
  backends: Array<[string, BackendAdapter]> = localBackends(),
  options: Omit<GatewayOptions, "backends" | "router"> = {},
): RunningServer {
  const gateway = createGateway({ ...options, backends });
  const app = createApp({ gateway });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    app,
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      try {
        // shutdown() waits for every open connection: a leaked stream fails
        // the test here instead of hanging the run.
        await withTimeout(
          server.shutdown(),
          15_000,
          "server.shutdown(): a connection never finished",
        );
      } finally {
        gateway.dispose();
      }
    },
  };
}

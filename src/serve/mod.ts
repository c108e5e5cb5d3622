/**
 * The bounded HTTP listener on whichever runtime runs it: `serveGateway`'s
 * own listener on Deno, `node:http` with the same limits on Node (see
 * `node.ts`). Used by the `switchyard` command.
 *
 * @module
 */
import type {
  GatewayServer,
  ServeHandler,
  ServeOptions,
} from "./options.ts";
import { serveGateway } from "../gateway/serve.ts";

/**
 * Serves `handler` with the limits of `ServeOptions` on Deno or Node.
 *
 * @param handler The fetch handler.
 * @param options Address and limits.
 * @returns The running server.
 *
 * @example Usage
 * ```ts ignore
 * import { serveBounded } from "./mod.ts";
 * const server = await serveBounded(() => new Response("hi"), { port: 0 });
 * await server.shutdown();
 * ```
 */
export async function serveBounded(
  handler: ServeHandler,
  options: ServeOptions = {},
): Promise<GatewayServer> {
  // deno-lint-ignore no-explicit-any
  if (typeof (globalThis as any).Deno?.listen === "function") {
    return await serveGateway(handler, options);
  }
  const { serveNode } = await import("./node.ts");
  return await serveNode(handler, options);
}

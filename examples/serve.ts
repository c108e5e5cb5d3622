/**
 * The demo server of `deno task start`: `switchyard gateway` with the
 * converter playground in front of it (`GET /`, `POST /api/convert`,
 * `GET /healthz`), on 127.0.0.1:8000 by default.
 *
 * Everything else is the command's: the config file (`SWITCHYARD_CONFIG` or
 * `--config`, read from the directory you ran the task in), the provider
 * variables, `REDIS_URL`, `PORT`/`HOST`, the startup summary, and the drain
 * on SIGTERM or Ctrl-C. `deno task start --help` lists them.
 *
 * The task runs it with `-A`: Deno 2.9 lets only `--allow-all` read /proc,
 * and the command reads it to stop when `npx` above `deno task` is gone
 * (npx exits on SIGTERM without passing it on, so a service manager's
 * SIGTERM to `npx -y deno@2.9.6 task start` would otherwise orphan the
 * server). With narrower permissions it runs too, e.g.
 * `deno run --allow-net=127.0.0.1,api.openai.com --allow-env --allow-read examples/serve.ts`
 * (the server says at startup which hosts it cannot reach); then stop it
 * with SIGTERM or Ctrl-C to Deno itself, or to the process group.
 *
 * @module
 */
import { createApp } from "./_app.ts";
import { runGateway } from "../src/cli/mod.ts";

if (import.meta.main) {
  Deno.exit(
    await runGateway(Deno.args, {
      wrap: (gateway) => createApp({ gateway }),
      served: "playground; OpenAI-compatible API at /v1",
    }),
  );
}

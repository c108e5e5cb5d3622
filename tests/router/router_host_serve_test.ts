// Deno-only: host routes behind a real server, with the Host header as curl
// sends it (letter case and port as typed), which `new Request` cannot show.
import assert from "node:assert/strict";
import { createRouter } from "../../src/router/mod.ts";
import { run, shutdownBounded } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";

const WHAT = "host routes under Deno.serve, Host header sent by curl";

Deno.test(WHAT, needs(WHAT, "curl"), async () => {
  const router = createRouter()
    .endpoint`GET /whoami
      Host: :tenant.example.com`((_request, { params }) =>
    new Response(`tenant ${params.tenant}`)
  )
    .endpoint`GET /whoami`(() => new Response("no tenant"));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    router,
  );
  try {
    const url = `http://127.0.0.1:${server.addr.port}/whoami`;
    const curl = async (host: string) => {
      const result = await run(programPath("curl"), {
        args: ["-sS", "--max-time", "10", "-H", `Host: ${host}`, url],
      });
      assert.equal(result.code, 0, result.err);
      return result.out;
    };
    assert.equal(await curl("ACME.Example.COM:8080"), "tenant acme");
    assert.equal(await curl("acme.example.com"), "tenant acme");
    assert.equal(await curl("example.com"), "no tenant");
    assert.equal(await curl("a.b.example.com"), "no tenant");
  } finally {
    await shutdownBounded(server);
  }
});

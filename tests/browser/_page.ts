// The script of the page tests/browser/browser_test.ts loads in Chromium. It
// imports the package by its public name, as a user's app does; the test
// bundles it with esbuild for the browser. Results go to the console as one
// line: `RESULT {json}` or `ERROR message`.
import {
  createFSRouter,
  createRoute,
  createRouter,
  detectType,
} from "@switchyard/switchyard";
import { fromRequest as toCurl, toRequest } from "@switchyard/switchyard/curl";
import { parseRequest, stringify } from "@switchyard/switchyard/string";
import {
  fromRequest as toHarEntry,
  toRequest as fromHar,
} from "@switchyard/switchyard/har";
import { toCode } from "@switchyard/switchyard/fetch";

const COMMAND =
  `curl -X POST 'https://api.example.com/users?team=core' -H 'Content-Type: application/json' --data-raw '{"name":"it'\\''s Ada"}'`;

async function run(): Promise<Record<string, unknown>> {
  const request = toRequest(COMMAND);
  const http = await stringify(request);
  const entry = await toHarEntry(parseRequest(http), {
    startedDateTime: "2024-01-01T00:00:00.000Z",
  });
  const fromEntry = fromHar(entry);
  const curl = await toCurl(fromEntry);
  const fetchCode = await toCode(request);

  const router = createRouter();
  router.endpoint`GET /hello/:name`(createRoute()`HTTP/1.1 200 OK
Content-Type: text/plain

Hello, ${(_request: Request, context: { params: Record<string, string> }) =>
    context.params.name}!`);
  const hello = await router(new Request("http://localhost/hello/Ada%20L"));
  const wrongMethod = await router(
    new Request("http://localhost/hello/Ada", { method: "DELETE" }),
  );
  const missing = await router(new Request("http://localhost/nowhere"));

  // No file system in a browser: the call rejects with a RouteError.
  let fsRouter = "resolved";
  let fsRouterMessage = "";
  try {
    await createFSRouter("/routes");
  } catch (error) {
    fsRouter = (error as { code?: string }).code ?? String(error);
    fsRouterMessage = (error as Error).message;
  }

  return {
    detected: detectType(COMMAND),
    http,
    harMethod: entry.request.method,
    harUrl: entry.request.url,
    harPostData: entry.request.postData,
    curl,
    fetchCode,
    hello: [
      hello.status,
      hello.headers.get("content-type"),
      await hello.text(),
    ],
    wrongMethod: [wrongMethod.status, wrongMethod.headers.get("allow")],
    missing: missing.status,
    fsRouter,
    fsRouterMessage,
  };
}

run().then(
  (result) => console.log(`RESULT ${JSON.stringify(result)}`),
  (error) => console.log(`ERROR ${error?.stack ?? error}`),
);

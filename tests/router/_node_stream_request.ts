// Run by node (bundled) from router_node_r11_mutants_test.ts: a request whose
// body is a stream, built by createRequest, read back, printed.
import { createRequest } from "../../src/router/mod.ts";

const request = await createRequest()`
  POST http://localhost/upload
  Content-Type: text/plain

  ${() =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("streamed"));
      controller.close();
    },
  })}
`;
console.log(await request.text());

// A loopback OpenAI-compatible upstream for the command's tests (Deno
// only): answers chat completions with `reply`, records each request's
// model, and holds a streamed answer after its first chunk until the test
// releases it, so a test can act while a stream is in flight.
import { serve, type Served } from "../gateway/_serve.ts";

const encoder = new TextEncoder();

function chunk(content: string | null, finish: string | null): Uint8Array {
  return encoder.encode(`data: ${
    JSON.stringify({
      id: "chatcmpl-up",
      object: "chat.completion.chunk",
      created: 0,
      model: "up-model",
      choices: [{
        index: 0,
        delta: content === null ? {} : { content },
        finish_reason: finish,
      }],
    })
  }\n\n`);
}

/** The upstream, the models it was asked for, and the held stream's release. */
export interface Upstream extends Served {
  models: string[];
  /** Resolves when a stream has sent its first chunk. */
  streaming: Promise<void>;
  /** Lets the held stream finish. */
  release(): void;
}

/** Starts the upstream on a free loopback port. */
export function startUpstream(reply = "hello from upstream"): Upstream {
  const models: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  let started!: () => void;
  const streaming = new Promise<void>((resolve) => started = resolve);
  const served = serve(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith("/models")) {
      return Response.json({ object: "list", data: [] });
    }
    const body = await request.json();
    models.push(body.model);
    if (!body.stream) {
      return Response.json({
        id: "chatcmpl-up",
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{
          index: 0,
          message: { role: "assistant", content: reply },
          finish_reason: "stop",
        }],
        usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
      });
    }
    let step = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          step++;
          if (step === 1) {
            controller.enqueue(chunk("first", null));
            started();
          } else if (step === 2) {
            await released;
            controller.enqueue(chunk(" last", null));
          } else if (step === 3) {
            controller.enqueue(chunk(null, "stop"));
          } else {
            controller.enqueue(encoder.encode("data: [DONE]\n\n"));
            controller.close();
          }
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
  });
  return { ...served, models, streaming, release };
}

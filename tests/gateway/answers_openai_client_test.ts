// The answer-side wire suite with the official openai SDK as the client:
// logprobs, refusals and usage details from either backend wire, whole and
// streamed (stream_options.include_usage).
import type OpenAI from "npm:openai@7.57.0";
import { openAIClient } from "./_openai_client.ts";
import { type ClientAnswer, wireSuite } from "./_wire_suite.ts";

type Logprob = OpenAI.Chat.Completions.ChatCompletionTokenLogprob;

const pairs = (list: Logprob[] | null | undefined) =>
  list === null || list === undefined
    ? null
    : list.map((t): [string, number] => [t.token, t.logprob]);

async function ask(
  origin: string,
  model: string,
  prompt: string,
  stream: boolean,
): Promise<ClientAnswer> {
  const client = openAIClient(origin);
  const request = {
    model,
    messages: [{ role: "user" as const, content: prompt }],
    logprobs: true,
    top_logprobs: 1,
  };
  if (!stream) {
    const completion = await client.chat.completions.create(request);
    const choice = completion.choices[0];
    return {
      text: choice.message.content ?? "",
      refusal: choice.message.refusal,
      logprobs: pairs(choice.logprobs?.content),
      refusalLogprobs: pairs(choice.logprobs?.refusal),
      stopReason: choice.finish_reason,
      stopSequence: null,
      usage: { ...completion.usage },
      thinking: [],
    };
  }
  const chunks = await client.chat.completions.create({
    ...request,
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = "";
  let refusal: string | null = null;
  let logprobs: Logprob[] | null = null;
  let refusalLogprobs: Logprob[] | null = null;
  let stopReason = "";
  let usage: Record<string, unknown> = {};
  for await (const chunk of chunks) {
    if (chunk.usage) usage = { ...chunk.usage };
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    text += choice.delta.content ?? "";
    if (choice.delta.refusal) refusal = (refusal ?? "") + choice.delta.refusal;
    if (choice.logprobs?.content) {
      logprobs = [...(logprobs ?? []), ...choice.logprobs.content];
    }
    if (choice.logprobs?.refusal) {
      refusalLogprobs = [
        ...(refusalLogprobs ?? []),
        ...choice.logprobs.refusal,
      ];
    }
    if (choice.finish_reason) stopReason = choice.finish_reason;
  }
  return {
    text,
    refusal,
    logprobs: pairs(logprobs),
    refusalLogprobs: pairs(refusalLogprobs),
    stopReason,
    stopSequence: null,
    usage,
    thinking: [],
  };
}

wireSuite({ name: "openai", ask });

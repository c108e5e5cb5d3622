// What reading a chat request into the IR costs beside what a same-wire
// call pays for its body anyway: `JSON.parse` of the client's bytes and
// `JSON.stringify` of the body sent upstream. The gateway builds the IR on
// the same-wire path too (routing reads it: the model, the named backend,
// the capabilities a request needs — tools, images, system messages — and a
// custom strategy reads all of it), so this is the most a lazy IR could save
// on that path. Two bodies: the short one of bench/same_wire_bench.ts and an
// agent's 60-message history with tool calls (about 53 KB), where the tool
// calls' `arguments` are parsed too.
//
// Run: deno bench -A --lock=deno.lock --frozen-lockfile bench/chat_parse_bench.ts
import { parseChatRequest } from "../src/gateway/mod.ts";

const SHORT = JSON.stringify({
  model: "up",
  messages: [
    { role: "system", content: "You are brief." },
    { role: "user", content: "Hello there, what can you do?" },
  ],
  temperature: 0.2,
  max_tokens: 64,
});

function agentHistory(): string {
  const messages: unknown[] = [{
    role: "system",
    content: "You are a coding agent. ".repeat(40),
  }];
  for (let i = 0; i < 20; i++) {
    messages.push({
      role: "user",
      content: `Please look at file ${i}. ` + "Fix the bug. ".repeat(10),
    });
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [{
        id: `call_${i}`,
        type: "function",
        function: {
          name: "read_file",
          arguments: JSON.stringify({
            path: `src/file${i}.ts`,
            lines: [1, 200],
          }),
        },
      }],
    });
    messages.push({
      role: "tool",
      tool_call_id: `call_${i}`,
      content: "export const x = 1;\n".repeat(100),
    });
  }
  return JSON.stringify({
    model: "up",
    messages,
    tools: [{
      type: "function",
      function: {
        name: "read_file",
        description: "Reads a file",
        parameters: {
          type: "object",
          properties: { path: { type: "string" } },
        },
      },
    }],
    stream: true,
  });
}

const resolve = (model: string) => ({ backend: model });

for (const [name, text] of [["short", SHORT], ["agent", agentHistory()]]) {
  const body = JSON.parse(text);
  Deno.bench({
    name: `${name} (${text.length} B): JSON.parse of the body`,
    group: name,
    baseline: true,
    fn: () => {
      JSON.parse(text);
    },
  });
  Deno.bench({
    name: `${name}: parseChatRequest (the IR)`,
    group: name,
    fn: () => {
      parseChatRequest(body, resolve, "req-1", []);
    },
  });
  Deno.bench({
    name: `${name}: JSON.stringify of the body`,
    group: name,
    fn: () => {
      JSON.stringify(body);
    },
  });
}

// What the gateway's fresh mutation survivors showed the suite did not
// check: a Responses input whose assistant turn is a refusal part, a
// function_call_output without its output (refused, as OpenAI refuses it),
// `store: false` on every translated answer (the gateway keeps no responses,
// so a client must not chain on them), a temperature or top_p of 0 echoed as
// 0, `tools: []` when none were sent, an answer that is only tool calls as
// call items alone, the unknown route's 404 typed as OpenAI types it, the
// admin console listing keys made through the admin API (used or not), and
// a started stream outliving requestTimeoutMs, a stream that fails after it
// started ending with an error event, and a
// listen host in capitals (`LOCALHOST` is loopback: host names compare
// without case).
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import {
  checkListenHost,
  createGateway,
  GatewayConfigError,
  hashKey,
  isLoopback,
} from "../../src/gateway/mod.ts";
import {
  createEchoAdapter,
  createMockAdapter,
  sleep,
} from "../../src/models/testing.ts";
import { createRouter } from "../../src/models/mod.ts";

function responsesRequest(body: Record<string, unknown>): Request {
  return new Request("http://localhost/v1/responses", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "echo", ...body }),
  });
}

describe("responses input: an assistant turn given as a refusal part", () => {
  // The Responses API hands a refusal back as an output item's
  // `refusal` part; a client that replays the conversation sends it as is.
  it("is read as the assistant's text and reaches the backend, the user's turn after it answered", async () => {
    const echo = createEchoAdapter();
    const gateway = createGateway({ backends: [["echo", echo]] });
    try {
      const response = await gateway(responsesRequest({
        input: [
          { role: "user", content: "Tell me a secret." },
          {
            type: "message",
            role: "assistant",
            content: [{ type: "refusal", refusal: "I can't share that." }],
          },
          { role: "user", content: "Then tell me a joke." },
        ],
      }));
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(
        body.output_text ?? body.output[0].content[0].text,
        "Then tell me a joke.",
      );
      const sent = echo.calls.at(-1)!.request!.messages;
      assert.deepEqual(sent.map((m) => m.role), ["user", "assistant", "user"]);
      assert.equal(sent[1].content, "I can't share that.");
    } finally {
      gateway.dispose();
    }
  });
});

describe("responses input: a function_call_output without output", () => {
  // OpenAI answers such an item with a 400 naming `input[1].output`; the
  // gateway refuses it the same way instead of inventing a tool result.
  for (const output of [undefined, null]) {
    it(`(output ${output}) is a 400 naming the item's output; nothing is sent`, async () => {
      const echo = createEchoAdapter();
      const gateway = createGateway({ backends: [["echo", echo]] });
      try {
        const response = await gateway(responsesRequest({
          input: [
            {
              type: "function_call",
              call_id: "call_1",
              name: "weather",
              arguments: "{}",
            },
            { type: "function_call_output", call_id: "call_1", output },
          ],
        }));
        const body = await response.json();
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(body.error.type, "invalid_request_error");
        assert.equal(body.error.param, "input[1].output");
        assert.equal(echo.calls.length, 0);
      } finally {
        gateway.dispose();
      }
    });
  }

  it("an empty string is an output: the tool result is empty, not refused", async () => {
    const echo = createEchoAdapter();
    const gateway = createGateway({ backends: [["echo", echo]] });
    try {
      const response = await gateway(responsesRequest({
        input: [
          { type: "function_call", call_id: "c", name: "f", arguments: "" },
          { type: "function_call_output", call_id: "c", output: "" },
        ],
      }));
      assert.equal(response.status, 200, await response.clone().text());
      await response.body?.cancel();
      const tool = echo.calls.at(-1)!.request!.messages.at(-1)!;
      assert.equal(tool.role, "tool");
      assert.deepEqual(tool.content, [{
        type: "tool_result",
        toolUseId: "c",
        content: "",
      }]);
    } finally {
      gateway.dispose();
    }
  });
});

describe("responses answer: store is false", () => {
  // The gateway keeps no responses on a translated backend: `store: true`
  // would tell a client it may pass previous_response_id, which is refused.
  it("in the plain answer and in the streamed created and completed events, even when the client asked to store", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const plain = await gateway(
        responsesRequest({ input: "hi", store: true }),
      );
      const body = await plain.json();
      assert.equal(plain.status, 200, JSON.stringify(body));
      assert.equal(body.store, false);

      const streamed = await gateway(
        responsesRequest({ input: "hi", stream: true }),
      );
      assert.equal(streamed.status, 200);
      const events = (await streamed.text()).split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)));
      const created = events.find((e) => e.type === "response.created");
      const completed = events.find((e) => e.type === "response.completed");
      assert.ok(created && completed, JSON.stringify(events));
      assert.equal(created.response.store, false);
      assert.equal(completed.response.store, false);
    } finally {
      gateway.dispose();
    }
  });
});

describe("responses answer: sampling settings of zero", () => {
  // 0 is the most common temperature and a valid top_p: the answer echoes
  // what was asked, as OpenAI's does, not null ("not set").
  it("temperature 0 and top_p 0 come back as 0, plain and streamed; unset ones as null", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const plain = await gateway(
        responsesRequest({ input: "hi", temperature: 0, top_p: 0 }),
      );
      const body = await plain.json();
      assert.equal(plain.status, 200, JSON.stringify(body));
      assert.equal(body.temperature, 0);
      assert.equal(body.top_p, 0);

      const streamed = await gateway(
        responsesRequest({ input: "hi", stream: true, top_p: 0 }),
      );
      const completed = (await streamed.text()).split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)))
        .find((e) => e.type === "response.completed");
      assert.equal(completed.response.top_p, 0);
      assert.equal(completed.response.temperature, null);
    } finally {
      gateway.dispose();
    }
  });
});

describe("responses answer: the request's settings when the client sent none", () => {
  // OpenAI's response object always carries them: the SDK's types have
  // `tools` as an array and `tool_choice` as a value, and clients iterate
  // `tools` without a check.
  it("tools is [], tool_choice auto and text format text, plain and streamed", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      const plain = await (await gateway(responsesRequest({ input: "hi" })))
        .json();
      const streamed = (await (await gateway(
        responsesRequest({ input: "hi", stream: true }),
      )).text()).split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)))
        .find((e) => e.type === "response.completed").response;
      for (const [label, body] of [["plain", plain], ["streamed", streamed]]) {
        assert.deepEqual(body.tools, [], label);
        assert.equal(body.tool_choice, "auto", label);
        assert.deepEqual(body.text, { format: { type: "text" } }, label);
      }
    } finally {
      gateway.dispose();
    }
  });
});

describe("responses answer: an answer that is only tool calls", () => {
  // As OpenAI's: the output is the function_call items alone, no empty
  // message before them, however many calls there are; with text, the
  // message comes first.
  const call = (id: string) => ({
    type: "tool_use" as const,
    id,
    name: "weather",
    input: { city: id },
  });
  for (
    const [label, content, types] of [
      ["one call", [call("a")], ["function_call"]],
      ["two calls", [call("a"), call("b")], ["function_call", "function_call"]],
      // An empty answer is still a message, with one empty text part.
      ["no text and no call", [], ["message"]],
      [
        "text and a call",
        [{ type: "text" as const, text: "Checking." }, call("a")],
        ["message", "function_call"],
      ],
    ] as const
  ) {
    it(`${label}: output item types ${types.join(", ")}`, async () => {
      const mock = createMockAdapter({
        responses: {
          message: { role: "assistant", content: [...content] },
          finishReason: "tool_calls",
          metadata: {},
        },
      });
      const gateway = createGateway({ backends: [["echo", mock]] });
      try {
        const response = await gateway(responsesRequest({
          input: "Weather?",
          tools: [{
            type: "function",
            name: "weather",
            parameters: { type: "object" },
          }],
        }));
        const body = await response.json();
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.deepEqual(
          body.output.map((item: { type: string }) => item.type),
          types,
        );
      } finally {
        gateway.dispose();
      }
    });
  }
});

describe("an unknown route", () => {
  // OpenAI answers an unknown URL with a 404 of type
  // invalid_request_error; SDKs map the type to their error classes.
  it("is a 404 typed invalid_request_error with code unknown_url, whatever the method and key", async () => {
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
    });
    try {
      for (
        const [method, path] of [["POST", "/v1/nope"], ["GET", "/v2/models"]]
      ) {
        const response = await gateway(
          new Request(`http://localhost${path}`, {
            method,
            ...(method === "POST" ? { body: "{}" } : {}),
          }),
        );
        const body = await response.json();
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(body.error.type, "invalid_request_error");
        assert.equal(body.error.code, "unknown_url");
      }
    } finally {
      gateway.dispose();
    }
  });
});

describe("a stream that fails after it started (a bug or an abort, not a backend's error chunk)", () => {
  // The client's SDK must raise, not take a cut stream for a whole answer:
  // the stream ends with its wire's error event.
  for (
    const [path, errorEvent] of [
      ["/v1/chat/completions", /^data: \{"error":/m],
      ["/v1/messages", /^event: error$/m],
    ] as const
  ) {
    it(`${path}: the stream ends with an error event, no internal detail`, async () => {
      const router = createRouter().register("echo", createEchoAdapter());
      const original = router.executeStream.bind(router);
      router.executeStream = async function* (...args) {
        let count = 0;
        for await (const chunk of original(...args)) {
          yield chunk;
          if (++count === 2) throw new Error("failed after two chunks");
        }
      };
      const gateway = createGateway({ router });
      try {
        const response = await gateway(
          new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              model: "echo",
              stream: true,
              max_tokens: 16,
              messages: [{ role: "user", content: "hello there" }],
            }),
          }),
        );
        assert.equal(response.status, 200);
        const text = await response.text();
        assert.match(text, errorEvent, text);
        assert.doesNotMatch(
          text,
          /failed after two chunks/,
          "no internal detail",
        );
      } finally {
        gateway.dispose();
      }
    });
  }
});

describe("requestTimeoutMs: a stream that has started", () => {
  // The timeout is the longest wait for a stream's first output; a long
  // answer that is flowing is not cut at it.
  const TIMEOUT_MS = 100;
  it("is not cut when its later chunks come after the timeout", async () => {
    const adapter = createEchoAdapter();
    const inner = adapter.executeStream.bind(adapter);
    adapter.executeStream = async function* (request, signal) {
      let count = 0;
      for await (const chunk of inner(request, signal)) {
        yield chunk;
        // After the first output: a pause that outlasts the timeout.
        if (chunk.type === "content" && count++ === 0) {
          await sleep(TIMEOUT_MS * 4, signal);
        }
      }
    };
    const gateway = createGateway({
      backends: [["echo", adapter]],
      requestTimeoutMs: TIMEOUT_MS,
    });
    try {
      const response = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "echo",
            stream: true,
            messages: [{ role: "user", content: "a long answer" }],
          }),
        }),
      );
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.doesNotMatch(text, /"error"/, text);
      assert.match(text, /data: \[DONE\]/);
      const content = text.split("\n").filter((l) => l.startsWith("data: {"))
        .map((l) => JSON.parse(l.slice(6)).choices?.[0]?.delta?.content ?? "")
        .join("");
      assert.equal(content, "a long answer");
    } finally {
      gateway.dispose();
    }
  });
});

describe("listen host: letter case", () => {
  // Host names compare without case (RFC 4343): HOST=LOCALHOST listens on
  // loopback, so no keys are needed; an outside name in capitals still
  // needs them.
  it("LOCALHOST and Localhost are loopback and start without keys", () => {
    for (const host of ["LOCALHOST", "Localhost", " localHost "]) {
      assert.equal(isLoopback(host), true, host);
      checkListenHost(host, 0);
    }
    assert.equal(isLoopback("GATEWAY.EXAMPLE"), false);
    assert.throws(
      () => checkListenHost("GATEWAY.EXAMPLE", 0),
      GatewayConfigError,
    );
  });
});

describe("admin console: keys made through the admin API", () => {
  // The console is where an operator sees every key; one created at run
  // time is listed as the admin's from the start, not only once it is used,
  // and not as a key of unknown origin.
  it("are listed with source admin, used (with its count) and unused", async () => {
    const ADMIN = "sk-admin-console";
    const gateway = createGateway({
      backends: [["echo", createEchoAdapter()]],
      keys: [{ id: "config-team", sha256: await hashKey("sk-config") }],
      admin: { sha256: await hashKey(ADMIN) },
    });
    const admin = (method: string, path: string, body?: unknown) =>
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    try {
      const secrets: string[] = [];
      for (const id of ["team-used", "team-idle"]) {
        const created = await gateway(admin("POST", "/admin/keys", { id }));
        assert.equal(created.status, 201);
        secrets.push((await created.json()).key);
      }
      const used = await gateway(
        new Request("http://localhost/v1/chat/completions", {
          method: "POST",
          headers: { authorization: `Bearer ${secrets[0]}` },
          body: JSON.stringify({
            model: "echo",
            messages: [{ role: "user", content: "hi" }],
          }),
        }),
      );
      assert.equal(used.status, 200);
      await used.body?.cancel();
      const data = await (await gateway(admin("GET", "/admin/console.json")))
        .json();
      assert.deepEqual(
        data.keys.map((k: { id: string; source: string; requests: number }) => [
          k.id,
          k.source,
          k.requests,
        ]),
        [
          ["config-team", "config", 0],
          ["team-used", "admin", 1],
          ["team-idle", "admin", 0],
        ],
      );
    } finally {
      gateway.dispose();
    }
  });
});

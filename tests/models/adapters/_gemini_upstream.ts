// A fake Gemini `generateContent` answer that refuses, with the API's 400
// (`INVALID_ARGUMENT`), a request body key its reference does not define
// and a `functionCallingConfig` the API would refuse (an unknown key, a mode
// outside its enum), so a tool setting the adapter spells wrong fails the
// test as it would fail at Google. The lists are written from the API
// reference (GenerateContentRequest, FunctionCallingConfig), not read from
// the code under test. No Deno API: the tests that use it run on Node too.
import { createGeminiAdapter } from "../../../src/models/adapters/gemini.ts";
import { adapterFactory, type Answer, jsonFixture } from "./_fake.ts";
import { GEMINI_REQUEST_KEYS } from "../../_gemini_api.ts";

type Json = Record<string, unknown>;

const REQUEST_KEYS = GEMINI_REQUEST_KEYS;
const CALLING_KEYS = ["mode", "allowedFunctionNames"];
const MODES = ["MODE_UNSPECIFIED", "AUTO", "ANY", "NONE", "VALIDATED"];

function invalid(message: string): Response {
  return Response.json({
    error: { code: 400, message, status: "INVALID_ARGUMENT" },
  }, { status: 400 });
}

/** Why Gemini would refuse `body`, or undefined when it takes it. */
function refusal(body: Json): string | undefined {
  const unknown = Object.keys(body).find((key) => !REQUEST_KEYS.includes(key));
  if (unknown !== undefined) {
    return `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`;
  }
  const config = (body.toolConfig as Json | undefined)?.functionCallingConfig as
    | Json
    | undefined;
  if (config === undefined) return undefined;
  const key = Object.keys(config).find((name) => !CALLING_KEYS.includes(name));
  if (key !== undefined) {
    return `Invalid JSON payload received. Unknown name "${key}" at 'tool_config.function_calling_config': Cannot find field.`;
  }
  if (!MODES.includes(String(config.mode))) {
    return `Invalid value at 'tool_config.function_calling_config.mode' (${
      String(config.mode)
    })`;
  }
  return undefined;
}

/**
 * `answer`, unless Gemini would refuse the request: then its 400. Without
 * `answer`, the plain text answer of `gemini/generate.json`.
 */
export function geminiRefusing(
  answer: Answer = () => Response.json(jsonFixture("gemini/generate.json")),
): Answer {
  return (seen, index) => {
    const why = refusal(seen.body as Json);
    return why === undefined ? answer(seen, index) : invalid(why);
  };
}

/** A Gemini adapter (key `k`) on a recording fake fetch. */
export const geminiWith = adapterFactory(createGeminiAdapter, { apiKey: "k" });

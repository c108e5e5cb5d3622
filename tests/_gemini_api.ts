// What Gemini's generateContent request body may hold at its top level
// (its API reference): the fake upstreams of the adapter and gateway tests
// refuse any other key, as the real API answers 400 INVALID_ARGUMENT.

/** The top-level keys of a generateContent request body. */
export const GEMINI_REQUEST_KEYS: readonly string[] = [
  "contents",
  "systemInstruction",
  "tools",
  "toolConfig",
  "safetySettings",
  "generationConfig",
  "cachedContent",
  "labels",
  "serviceTier",
];

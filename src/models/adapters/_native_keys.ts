// The keys each native API (Gemini generateContent, Cohere v2 chat, Ollama
// /api/chat) documents beside what the internal form writes, checked
// against the same sources as the field table (`_native_fields.ts`): the
// adapters forward these and nothing else a caller passes.

/**
 * The top-level keys each native API documents beside what the internal
 * form writes: a caller of the library may pass them in `parameters`, and
 * they are sent as they are (Gemini's go into `generationConfig`, or to the
 * top level for `safetySettings`, `cachedContent`, `labels` and
 * `serviceTier`).
 */
export const NATIVE_KEYS: Readonly<
  Record<"gemini" | "cohere" | "ollama", readonly string[]>
> = {
  gemini: [
    "safetySettings",
    "cachedContent",
    "labels",
    "serviceTier",
    "responseMimeType",
    "responseSchema",
    "responseJsonSchema",
    "responseModalities",
    "responseLogprobs",
    "candidateCount",
    "thinkingConfig",
    "speechConfig",
    "imageConfig",
    "mediaResolution",
    "audioTranscriptionConfig",
    "enableEnhancedCivicAnswers",
  ],
  cohere: [
    "documents",
    "citation_options",
    "response_format",
    "safety_mode",
    "strict_tools",
    "thinking",
    "priority",
  ],
  ollama: [
    "format",
    "keep_alive",
    "think",
    "options",
    "truncate",
    "shift",
    "logprobs",
    "top_logprobs",
  ],
};

/**
 * The `options` keys the Ollama server reads (its `Options` and `Runner`
 * structs). `mirostat`, `mirostat_tau`, `mirostat_eta`, `tfs_z`,
 * `penalize_newline` and `numa`, still in older guides and client types,
 * are no longer read: the server logs "invalid option provided" and goes on,
 * so they are dropped and named like any unknown key.
 */
export const OLLAMA_OPTIONS: readonly string[] = [
  "num_keep",
  "seed",
  "num_predict",
  "top_k",
  "top_p",
  "min_p",
  "typical_p",
  "repeat_last_n",
  "temperature",
  "repeat_penalty",
  "presence_penalty",
  "frequency_penalty",
  "stop",
  "num_ctx",
  "num_batch",
  "num_gpu",
  "main_gpu",
  "use_mmap",
  "num_thread",
  "draft_num_predict",
];

// What Gemini's answers carry beside text and function calls, and how it
// crosses the internal form: the thought signature of a function call
// (carried in the call's id, since neither chat wire has a field for it)
// and the log probabilities of `logprobsResult`.

import type { IRLogprobs, IRTokenLogprob } from "../types.ts";
import { isRecord } from "./_errors.ts";

/**
 * Between a function call's id and its thought signature. Gemini 3 models
 * refuse a conversation whose function call parts come back without the
 * `thoughtSignature` they were answered with, and neither chat wire has a
 * field for it: the id carries it, as base64url, so any client that sends
 * its tool call ids back sends the signature too. Letters, digits, `_` and
 * `-` only, as Anthropic's tool ids allow.
 */
const SIGNATURE_MARK = "__ts_";

/** A call id with the part's thought signature, if it has one. */
export function withSignature(id: string, signature: unknown): string {
  if (typeof signature !== "string" || signature === "") return id;
  const token = signature.replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
  return `${id}${SIGNATURE_MARK}${token}`;
}

/** The thought signature a call id carries, as Gemini wrote it (base64). */
export function signatureOf(id: string): string | undefined {
  const at = id.lastIndexOf(SIGNATURE_MARK);
  if (at === -1) return undefined;
  const token = id.slice(at + SIGNATURE_MARK.length);
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const base64 = token.replaceAll("-", "+").replaceAll("_", "/");
  return base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
}

/**
 * Before the id Gemini gave a function call, in the IR's id: the call and
 * its `functionResponse` send that id back, and only that one — an id made
 * up here or by another backend means nothing to Gemini.
 */
const OWN_ID_MARK = "gid_";

/**
 * The IR id of a function call Gemini answered: its own id, marked (when
 * it has one made of the letters, digits, `_` and `-` tool ids allow),
 * else `generated()`; either with the part's thought signature.
 */
export function callIdOf(
  own: unknown,
  generated: () => string,
  signature: unknown,
): string {
  const id = typeof own === "string" && /^[A-Za-z0-9_-]+$/.test(own)
    ? `${OWN_ID_MARK}${own}`
    : generated();
  return withSignature(id, signature);
}

/** The id Gemini gave the call an IR id names, if Gemini gave one. */
export function ownIdOf(id: string): string | undefined {
  const at = id.lastIndexOf(SIGNATURE_MARK);
  const bare = at === -1 ? id : id.slice(0, at);
  return bare.startsWith(OWN_ID_MARK) && bare.length > OWN_ID_MARK.length
    ? bare.slice(OWN_ID_MARK.length)
    : undefined;
}

/**
 * What Google's thought-signature guide says to send as the signature of a
 * function call Gemini did not make (a history from another model, or a
 * call made up by the application): it tells Gemini 3 to skip its check.
 */
export const SKIP_SIGNATURE = "skip_thought_signature_validator";

/** Gemini 3 models: they refuse a function call step without a signature. */
export function checksSignatures(model: string): boolean {
  return /^(?:models\/)?gemini-3(?:[.-]|$)/i.test(model);
}

/**
 * Gives each model turn's first function call {@linkcode SKIP_SIGNATURE}
 * when no call of that turn carries a signature of Gemini's own: Gemini 3
 * validates the first call of each step (the later calls of a parallel
 * step carry none).
 */
export function fillSignatures(
  contents: ReadonlyArray<{ role: string; parts: Record<string, unknown>[] }>,
): void {
  for (const content of contents) {
    if (content.role !== "model") continue;
    const calls = content.parts.filter((part) => part.functionCall);
    if (calls.length === 0 || calls.some((part) => part.thoughtSignature)) {
      continue;
    }
    calls[0].thoughtSignature = SKIP_SIGNATURE;
  }
}

/** One `logprobsResult` candidate as an IR entry (without alternatives). */
function tokenLogprob(value: unknown): IRTokenLogprob | undefined {
  return isRecord(value) && typeof value.token === "string" &&
      typeof value.logProbability === "number"
    ? { token: value.token, logprob: value.logProbability }
    : undefined;
}

/**
 * A candidate's `logprobsResult` (asked for by `responseLogprobs`) as IR:
 * `chosenCandidates` are the tokens, the `topCandidates` at the same
 * position their alternatives.
 */
export function logprobsOf(
  candidate: Record<string, unknown>,
): IRLogprobs | undefined {
  const result = candidate.logprobsResult;
  if (!isRecord(result) || !Array.isArray(result.chosenCandidates)) {
    return undefined;
  }
  const tops = Array.isArray(result.topCandidates) ? result.topCandidates : [];
  const content: IRTokenLogprob[] = [];
  result.chosenCandidates.forEach((chosen: unknown, index: number) => {
    const entry = tokenLogprob(chosen);
    if (entry === undefined) return;
    const top = tops[index];
    if (isRecord(top) && Array.isArray(top.candidates)) {
      entry.topLogprobs = top.candidates.map(tokenLogprob).filter((
        alternative: IRTokenLogprob | undefined,
      ): alternative is IRTokenLogprob => alternative !== undefined);
    }
    content.push(entry);
  });
  return content.length === 0 ? undefined : { content };
}

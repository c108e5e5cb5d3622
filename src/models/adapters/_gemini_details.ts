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

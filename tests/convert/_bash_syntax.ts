/**
 * The curl reader's syntax refusals compared with real bash 5.2: the reader
 * and `bash -n` must refuse the same command at the same token, and accept
 * the same commands.
 *
 * @module
 */
import assert from "node:assert/strict";
import { ConversionError } from "../../src/convert/errors.ts";
import { scanWords } from "../../src/convert/_curl_words.ts";
import { runBash } from "./_bash.ts";

/**
 * Refused by the reader with INVALID_INPUT at `offset`, naming `token`, and
 * by bash with a syntax error at the same token.
 */
export async function assertRefusedAsBash(
  command: string,
  token: string,
  offset: number,
): Promise<void> {
  assert.throws(
    () => scanWords(command),
    (error: unknown) =>
      error instanceof ConversionError && error.code === "INVALID_INPUT" &&
      error.offset === offset && error.message.includes(`offset ${offset}`) &&
      error.message.includes(token),
    command,
  );
  const escaped = token.replace(/[|&;()<>]/g, "\\$&");
  const bash = await runBash("set -n\n" + command + "\n");
  assert.notEqual(bash.code, 0, command);
  assert.match(
    bash.stderr,
    new RegExp(`syntax error near unexpected token \`${escaped}'`),
    command,
  );
}

/**
 * {@linkcode assertRefusedAsBash} with the token's offset marked by `@` in
 * `marked` (the `@` is not part of the command).
 */
export function assertMarkedRefusedAsBash(
  marked: string,
  token: string,
): Promise<void> {
  const offset = marked.indexOf("@");
  const command = marked.replace("@", "");
  assert.ok(command.startsWith(token, offset), marked);
  return assertRefusedAsBash(command, token, offset);
}

/** `curl X`: X read whole as one word by the reader, and accepted by bash. */
export async function assertReadAsBash(command: string): Promise<void> {
  const [word] = scanWords(command).words.slice(1);
  assert.equal(word?.value, command.slice(5), command);
  const bash = await runBash("set -n\n" + command + "\n");
  assert.equal(bash.code, 0, `${command}: ${bash.stderr}`);
}

/** Each `[command with @ before the refused token, the token]`, against bash. */
export async function assertAllRefusedAsBash(
  cases: [string, string][],
): Promise<void> {
  for (const [marked, token] of cases) {
    await assertMarkedRefusedAsBash(marked, token);
  }
}

/** Each command read whole as one word by the reader, and accepted by bash. */
export async function assertAllReadAsBash(commands: string[]): Promise<void> {
  for (const command of commands) await assertReadAsBash(command);
}

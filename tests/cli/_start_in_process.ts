// `switchyard gateway` run in-process on a runtime double until it listens
// (then stopped with SIGTERM) or refuses to start, each wait bounded: the
// start that the startup tests of several files share.
import { withTimeout } from "../_bounded.ts";
import { gatewayCommand } from "../../src/cli/gateway.ts";
import { runtimeDouble } from "./_runtime_double.ts";

const BOUND_MS = 20_000;

/**
 * Runs the command with `args` in an environment of `vars` (PORT 0 unless
 * given) and `files`; whether it listened, what it threw, and its output.
 */
export async function start(
  vars: Record<string, string>,
  files: Record<string, Uint8Array | string> = {},
  args: string[] = [],
): Promise<{ listened: boolean; error: unknown; out: string[] }> {
  const double = runtimeDouble({ PORT: "0", ...vars }, { files });
  const outcome = gatewayCommand(args, double.runtime).then(
    (status) => ({ status, error: undefined }),
    (error: unknown) => ({ status: undefined, error }),
  );
  const first = await withTimeout(
    Promise.race([outcome, double.listening.then(() => "listening" as const)]),
    BOUND_MS,
    "the command neither listened nor refused",
  );
  if (first === "listening") {
    double.stop();
    await withTimeout(outcome, BOUND_MS, "the command did not stop");
  }
  const { error } = await outcome;
  return { listened: first === "listening", error, out: double.out };
}

// Command-line parsing shared by the subcommands: `--name value`,
// `--name=value`, short aliases, boolean flags and positional arguments; an
// unknown option or a missing value is a UsageError (exit status 2).

/** Bad usage: the command prints the message and its help, exit status 2. */
export class UsageError extends Error {
  /** Always `USAGE`. */
  readonly code = "USAGE";
  /** @param message What is wrong, one line. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** One option: whether it takes a value, and its short alias. */
export interface OptionSpec {
  /** Takes a value (`--port 8080`); else a boolean flag. */
  value?: boolean;
  /** Short form, e.g. `-c`. */
  short?: string;
}

/** What was given: option values by long name (without `--`), and the rest. */
export interface ParsedArgs {
  options: Record<string, string | true>;
  positional: string[];
}

/** Parses `args` against `spec` (long names without `--`). */
export function parseArgs(
  args: readonly string[],
  spec: Readonly<Record<string, OptionSpec>>,
): ParsedArgs {
  const options: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const given = eq === -1 ? arg : arg.slice(0, eq);
    const name = given.startsWith("--")
      ? given.slice(2)
      : Object.keys(spec).find((key) => spec[key].short === given);
    if (name === undefined || !Object.hasOwn(spec, name)) {
      throw new UsageError(`unknown option ${JSON.stringify(given)}`);
    }
    if (!spec[name].value) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const value = eq !== -1 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    options[name] = value;
  }
  return { options, positional };
}

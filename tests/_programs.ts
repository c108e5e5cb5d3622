/**
 * Programs some Deno-only tests need that a fresh machine may lack
 * (Chromium, wrk, curl, redis-server, Node, Python). Outside CI a test that needs a missing
 * one is ignored, and a line says why and how to install it, so
 * `deno task test` passes on a fresh machine. Under CI (`CI=true`, set by
 * `.ci/run`, which installs them) a missing program is never a skip: the test
 * runs and fails with the same explanation.
 *
 * `SWITCHYARD_TEST_HIDE=chromium,curl` makes this module treat the listed
 * programs as missing, to check both paths on a machine that has them.
 * When `SWITCHYARD_SKIP_LOG` names a file, each skip appends one line to it
 * (scripts/ci.ts prints them in its summary).
 *
 * @module
 */

/** A program a test may need, with the Debian package that provides it. */
export const PACKAGES = {
  chromium: "chromium",
  wrk: "wrk",
  curl: "curl",
  "redis-server": "redis-server",
  node: "nodejs",
  python3: "python3",
} as const;

/** A program a test may need. */
export type Program = keyof typeof PACKAGES;

/** True when the CI runner set `CI=true`: then nothing may be skipped. */
export function underCI(): boolean {
  return Deno.env.get("CI") === "true";
}

function hidden(): Set<string> {
  const list = Deno.env.get("SWITCHYARD_TEST_HIDE") ?? "";
  return new Set(list.split(",").map((name) => name.trim()).filter(Boolean));
}

/** The absolute path of `name` on PATH, or undefined when it is missing. */
export function findProgram(name: Program): string | undefined {
  if (hidden().has(name)) return undefined;
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (dir === "") continue;
    const path = `${dir}/${name}`;
    try {
      const info = Deno.statSync(path);
      if (info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0) return path;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** The one-line command that installs `names` on Debian. */
export function installCommand(names: readonly Program[]): string {
  return `apt-get install -y ${names.map((name) => PACKAGES[name]).join(" ")}`;
}

function missingMessage(missing: readonly Program[]): string {
  return `${missing.join(", ")} not found on PATH; install: ${
    installCommand(missing)
  }`;
}

/**
 * Whether a test that needs `programs` must be ignored: true only outside CI
 * when one is missing, after printing the reason and the install command.
 *
 * @param what the test, as the skip line names it
 * @param programs the programs the test runs
 * @returns `{ ignore }` to spread into `Deno.test` options
 */
export function needs(
  what: string,
  ...programs: Program[]
): { ignore: boolean } {
  const missing = programs.filter((name) => findProgram(name) === undefined);
  if (missing.length === 0 || underCI()) return { ignore: false };
  const line = `skipped "${what}": ${missingMessage(missing)}`;
  console.log(line);
  const log = Deno.env.get("SWITCHYARD_SKIP_LOG");
  if (log) Deno.writeTextFileSync(log, line + "\n", { append: true });
  return { ignore: true };
}

/**
 * The path of a program a running test needs; throws with the install command
 * when it is missing (which, after {@link needs}, happens only under CI).
 *
 * @param name the program
 * @returns its absolute path
 */
export function programPath(name: Program): string {
  const path = findProgram(name);
  if (path !== undefined) return path;
  throw new Error(
    `${missingMessage([name])}${
      underCI()
        ? " (CI=true: a test may not be skipped, .ci/run installs it)"
        : ""
    }`,
  );
}

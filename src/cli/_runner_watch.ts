// Under a package runner the server must not outlive it. `npx` (npm exec)
// exits on SIGTERM without passing the signal on, so `npx … gateway` or
// `npx deno task start` left the server running, orphaned (seen with npm
// 11.19 on Linux). When a runner started the command (INIT_CWD is set, as
// npm exec, npm run and deno task set it), this watches the two processes
// above it: when either is gone (the parent changes), the command stops as
// on SIGTERM. Started from a shell directly, nothing is watched, so `nohup`
// and service managers keep their usual meaning. The parent is watched
// everywhere; the grandparent (npx above `deno task`) only where /proc can
// be read: on Linux, under Node or Deno with --allow-all. Deno 2.9 refuses
// every path under /proc to narrower permissions, --allow-read=/proc
// included ("Requires all access"), and Deno.kill needs the unrestricted
// --allow-run, so the `start` and `gateway` tasks run with -A. Elsewhere
// signal the process group.
import type { Runtime } from "./_runtime.ts";

const POLL_MS = 1_000;
const decoder = new TextDecoder();

/** The parent pid of `pid` from /proc, or undefined when unreadable. */
function parentOf(runtime: Runtime, pid: number): number | undefined {
  try {
    const stat = decoder.decode(runtime.readFileSync(`/proc/${pid}/stat`));
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    return Number.isSafeInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** The parent and grandparent pids now. */
function chain(runtime: Runtime): [number, number | undefined] {
  const parent = runtime.ppid();
  return [parent, parentOf(runtime, parent)];
}

/** A watch on the runner: `gone` settles when it goes. */
export interface RunnerWatch {
  /** Resolves when the runner is gone (never, when nothing is watched). */
  readonly gone: Promise<void>;
  /** Stops watching. */
  stop(): void;
}

/**
 * Starts watching the runner above the command. Call it first thing: the
 * parent read here is the one compared against, and a runner that dies
 * before the server listens must still stop it.
 */
export function watchRunner(runtime: Runtime): RunnerWatch {
  if (!runtime.env("INIT_CWD")) {
    return { gone: new Promise<void>(() => {}), stop() {} };
  }
  const [parent, grandparent] = chain(runtime);
  let onGone!: () => void;
  const gone = new Promise<void>((resolve) => onGone = resolve);
  const timer = setInterval(() => {
    const [p, g] = chain(runtime);
    if (p !== parent || (grandparent !== undefined && g !== grandparent)) {
      clearInterval(timer);
      onGone();
    }
  }, POLL_MS);
  return { gone, stop: () => clearInterval(timer) };
}

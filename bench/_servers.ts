// Server processes for the benches that measure over loopback
// (gateway_peers.ts, call_timers.ts): start one and wait until it says where
// it listens, stop it, read its CPU time.

/** A started server process. */
export interface Server {
  name: string;
  child: Deno.ChildProcess;
  url: string;
}

/** How each server says where it listens; examples/serve.ts prints its URL. */
const LISTENING =
  /(?:^PORT |^switchyard: listening on http:\/\/127\.0\.0\.1:)(\d+)\b/m;
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 3000;

/**
 * Spawns `command` and resolves once it printed its port (bounded: a child
 * silent for START_TIMEOUT_MS is killed). Its stdout is drained after that,
 * so it never blocks on a full pipe.
 */
export async function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  clearEnv = false,
): Promise<Server> {
  const child = new Deno.Command(command, {
    args,
    env,
    clearEnv,
    stdout: "piped",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, START_TIMEOUT_MS);
  try {
    while (!LISTENING.test(seen)) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`${name} exited before listening: ${seen}`);
      seen += value;
    }
  } finally {
    clearTimeout(timer);
  }
  (async () => {
    try {
      while (!(await reader.read()).done) { /* discard */ }
    } catch { /* closed */ }
  })();
  const port = LISTENING.exec(seen)![1];
  return { name, child, url: `http://127.0.0.1:${port}` };
}

/** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; resolves once it exited. */
export async function stop(server: Server): Promise<void> {
  try {
    server.child.kill("SIGTERM");
  } catch { /* already gone */ }
  const timer = setTimeout(() => {
    try {
      server.child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, STOP_TIMEOUT_MS);
  await server.child.status;
  clearTimeout(timer);
}

/** CPU nanoseconds of every thread of `pid` (schedstat), or of the process (stat ticks). */
export function cpuNs(pid: number): number {
  let total = 0;
  try {
    for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
      const text = Deno.readTextFileSync(
        `/proc/${pid}/task/${task.name}/schedstat`,
      );
      total += Number(text.split(" ")[0]);
    }
    return total;
  } catch {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 1e7; // 100 Hz ticks
  }
}

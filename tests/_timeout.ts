/**
 * A bound for any promise, portable to Node (the npm build runs the tests
 * that import it there too): a test whose awaited promise never settles
 * fails with a message instead of hanging the run.
 *
 * @module
 */

/**
 * Settles like `promise`, or rejects with `message` after `ms`.
 *
 * @param promise what to wait for
 * @param ms the bound
 * @param message what the failure says
 * @returns the value of `promise`
 */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${message} (no result after ${ms} ms)`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `condition` every few milliseconds until it holds; throws `message`
 * after a bounded number of polls (a count, not a clock, so a loaded machine
 * only makes it slower). Only the poll's own timer is pending meanwhile.
 *
 * @param condition what the test waits for
 * @param message what the failure says
 * @param polls the most polls, 2 ms apart
 */
export async function waitUntil(
  condition: () => boolean,
  message: string,
  polls = 5_000,
): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (condition()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 2));
  }
  if (!condition()) throw new Error(`${message} (not after ${polls} polls)`);
}

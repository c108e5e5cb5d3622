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

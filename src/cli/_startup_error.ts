// A failure that stops the command before or while it starts: printed as
// one `switchyard: …` line on stderr with exit status 2, never a stack trace.

/** Bad configuration or usage at startup. */
export class StartupError extends Error {
  /** Always `STARTUP`. */
  readonly code = "STARTUP";
  /** @param message One line saying what is wrong and what to do. */
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

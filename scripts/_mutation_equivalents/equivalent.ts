// The shape of one reviewed equivalent.

/** One mutant judged equivalent by review. */
export interface Equivalent {
  file: string;
  /**
   * For a line whose text repeats in the file (`break;`): the nearest
   * non-blank line above it, blanks collapsed.
   */
  context?: string;
  before: string;
  after: string;
  reason: string;
  /**
   * How many mutants share this file, context and text, each reviewed by
   * the reason (twin lines in two methods); 1 when left out.
   */
  sites?: number;
}

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
}

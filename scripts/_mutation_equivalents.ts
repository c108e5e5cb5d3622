// Mutants reviewed and judged equivalent: the planted change cannot alter
// anything a caller can observe, so no test can catch it. Each entry names
// the file, the line before and after the edit (blanks collapsed, as the
// report prints them) and why. The report counts them as "equivalent
// (reviewed)" and leaves them out of the score; add one only with a reason a
// second reader would accept.

/** One mutant judged equivalent by review. */
export interface Equivalent {
  file: string;
  before: string;
  after: string;
  reason: string;
}

/** The reviewed list. */
export const EQUIVALENTS: Equivalent[] = [];

/** The review of a mutant, when it was judged equivalent. */
export function findEquivalent(
  mutant: { file: string; before: string; after: string },
): Equivalent | undefined {
  return EQUIVALENTS.find((entry) =>
    entry.file === mutant.file && entry.before === mutant.before &&
    entry.after === mutant.after
  );
}

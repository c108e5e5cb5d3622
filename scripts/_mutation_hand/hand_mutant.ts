// The shape of one entry of the hand list.

/** One hand-written planted bug. */
export interface HandMutant {
  /** Short name, also the filter the command line matches. */
  id: string;
  /** The bug, as a reviewer would describe it. */
  bug: string;
  /** File under the repository root. */
  file: string;
  /** Exact text at the site; every occurrence is replaced. */
  find: string;
  replace: string;
  /** Test files that must catch it. */
  tests: string[];
}

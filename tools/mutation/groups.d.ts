/** The types of `groups.js` (plain JavaScript, since Stryker's configuration reads it). */
export interface MutationGroup {
  /** The group's name, as `npm run test:mutation -- <name>` takes it. */
  readonly name: string;
  /** What the group's modules do, in a few words. */
  readonly what: string;
  /** Stryker's patterns of the modules it mutates: a path, `*` within a folder, `!` to leave out, `:lines`. */
  readonly mutate: readonly string[];
  /** The test folders and files (`*` within one folder) whose suites exercise them. */
  readonly tests: readonly string[];
}
export declare const MUTATION_GROUPS: readonly MutationGroup[];
export declare function mutationGroup(name: string): MutationGroup;
export declare function incrementalFileOf(name: string): string;
export declare const REPORTS: string;

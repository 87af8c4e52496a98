/** One step of the store's schema. Versions only ever grow; a released step never changes. */
export interface Migration {
  version: number;
  name: string;
  /**
   * The statements of the step, one per string: PGlite runs parameterised-style queries
   * through the extended protocol, which takes a single statement at a time. They run
   * with `search_path` set to the target schema, so names are left unqualified.
   */
  sql: readonly string[];
}

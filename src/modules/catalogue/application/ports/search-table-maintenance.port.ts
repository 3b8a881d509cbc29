export const SEARCH_TABLE_MAINTENANCE = Symbol('SearchTableMaintenance');

/** How `product_search` lies on disk: its rows, and how many sit after a row of a higher category set. */
export interface SearchTableOrder {
  rows: number;
  /** Rows whose category set is lower than that of the row before them in physical order (0 just after CLUSTER). */
  outOfOrder: number;
}

/**
 * The search table's physical order (ADR 0053, 0063): kept in category-set order so one word's matches lie on few
 * pages. Measuring reads the whole table once; re-clustering rewrites it under an exclusive lock and analyses it.
 */
export interface SearchTableMaintenance {
  measureOrder(): Promise<SearchTableOrder>;
  /** CLUSTER on the category-set index, then ANALYZE (the rewrite leaves the planner's correlation stale). */
  reclusterAndAnalyze(): Promise<void>;
}

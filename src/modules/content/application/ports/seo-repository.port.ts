import type { SeoEntry } from '../../domain/seo-entry.entity.js';

export const SEO_REPOSITORY = Symbol('SeoRepository');

export interface SeoRepository {
  findByPath(path: string): Promise<SeoEntry | null>;
  /** Every entry's path, at most `limit` of them (in no particular order). */
  listPaths(limit: number): Promise<string[]>;
  findById(id: number): Promise<SeoEntry | null>;
  search(search: string | undefined, offset: number, limit: number): Promise<{ entries: SeoEntry[]; total: number }>;
  save(entry: SeoEntry): Promise<void>;
  remove(entry: SeoEntry): Promise<void>;
}

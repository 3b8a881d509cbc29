import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import { ChangesStorefront, StorefrontChanges } from '../../../platform/cache/index.js';
import { SeoEntry } from '../domain/seo-entry.entity.js';
import { SEO_REPOSITORY, type SeoRepository } from './ports/seo-repository.port.js';
import type { SeoEntryInput } from './seo-entry.input.js';
import { PathHashSet } from './path-hash-set.js';

/** More entries than this (a site-wide import gone wrong, say) are not held in memory: each path is looked up instead. */
const PATHS_HELD_AT_MOST = 200_000;

/** What a page's <head> takes from an entry. */
export interface SeoView {
  title: string;
  description: string;
  canonical_url: string | null;
  share_image: string | null;
}

export interface SeoAdminView extends SeoView {
  id: number;
  path: string;
  updated_at: string;
}

const toView = (e: SeoEntry): SeoView => ({ title: e.title, description: e.description, canonical_url: e.canonicalUrl, share_image: e.shareImage });
const toAdminView = (e: SeoEntry): SeoAdminView => ({ id: e.id, path: e.path, ...toView(e), updated_at: e.updatedAt.toISOString() });

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

@Injectable()
export class SeoService implements OnModuleDestroy {
  /**
   * Every page render asks for its path's entry, and most paths have none: 30 s of caching saves a query per
   * page view. Every storefront change clears it, also one announced by another process (`seo:seed` on the CLI).
   */
  private readonly byPath = new TtlCache<string, SeoView | null>(30_000, { maxEntries: 5_000, staleWhileRefreshMs: 10_000 });
  /**
   * Which paths have an entry (ADR 0092): a path it rules out is answered without a statement. Without it each
   * render of a page outside `byPath` (a product page among 10,000, say) cost one more statement than its data.
   * Kept as `byPath` is: cleared by every change, and at most 30 s old as a safety net for a change not heard.
   */
  private readonly pathsWithEntry = new TtlCache<'all', PathHashSet | null>(30_000, { maxEntries: 1, staleWhileRefreshMs: 10_000 });
  private readonly stopListening = StorefrontChanges.subscribe(() => {
    this.byPath.clear();
    this.pathsWithEntry.clear();
  });

  constructor(@Inject(SEO_REPOSITORY) private readonly entries: SeoRepository) {}

  onModuleDestroy(): void {
    this.stopListening();
  }

  /** The entry for a page's path (exact match), or null: pages then use their own defaults. */
  async findForPath(path: string): Promise<SeoView | null> {
    const paths = await this.pathsWithEntry.get('all', () => this.loadPathsWithEntry()).catch(() => null);
    if (paths && !paths.mayHave(path)) return null;
    return this.byPath.get(path, async () => {
      const entry = await this.entries.findByPath(path);
      return entry ? toView(entry) : null;
    });
  }

  /** Every entry's path as a PathHashSet; null (look each path up) past PATHS_HELD_AT_MOST entries. */
  private async loadPathsWithEntry(): Promise<PathHashSet | null> {
    const paths = await this.entries.listPaths(PATHS_HELD_AT_MOST + 1);
    return paths.length > PATHS_HELD_AT_MOST ? null : PathHashSet.of(paths);
  }

  async list(query: { search?: string; page: number; perPage: number }): Promise<Page<SeoAdminView>> {
    const { entries, total } = await this.entries.search(query.search, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(entries.map(toAdminView), total, query.page, query.perPage);
  }

  async get(id: number): Promise<SeoAdminView> {
    return toAdminView(await this.load(id));
  }

  @ChangesStorefront()
  async create(input: SeoEntryInput): Promise<SeoAdminView> {
    const entry = new SeoEntry(input);
    apply(entry, input);
    await this.entries.save(entry);
    return toAdminView(entry);
  }

  @ChangesStorefront()
  async update(id: number, input: SeoEntryInput): Promise<SeoAdminView> {
    const entry = await this.load(id);
    apply(entry, input);
    await this.entries.save(entry);
    return toAdminView(entry);
  }

  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    await this.entries.remove(await this.load(id));
  }

  /** `seo:seed`: creates or updates the entry for the input's path; a dry run only says what it would do. */
  @ChangesStorefront()
  async upsertByPath(input: SeoEntryInput, options: { dryRun: boolean }): Promise<UpsertOutcome> {
    const existing = await this.entries.findByPath(input.path);
    const entry = existing ?? new SeoEntry(input);
    const before = existing ? JSON.stringify(toView(existing)) : null;
    apply(entry, input);
    const outcome: UpsertOutcome = !existing ? 'created' : before === JSON.stringify(toView(entry)) ? 'unchanged' : 'updated';
    if (!options.dryRun && outcome !== 'unchanged') {
      await this.entries.save(entry);
    }
    return outcome;
  }

  private async load(id: number): Promise<SeoEntry> {
    const entry = await this.entries.findById(id);
    if (!entry) throw new NotFoundError('SEO entry');
    return entry;
  }
}

function apply(entry: SeoEntry, input: SeoEntryInput): void {
  entry.path = input.path;
  entry.title = input.title;
  entry.description = input.description;
  entry.canonicalUrl = input.canonical_url ?? null;
  entry.shareImage = input.share_image ?? null;
}

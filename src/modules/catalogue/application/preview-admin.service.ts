import { Inject, Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { UserDirectory } from '../../identity/index.js';
import type { Preview } from '../domain/preview.entity.js';
import { adminView, type AdminPreviewView } from './preview-views.js';
import { PREVIEW_REPOSITORY, type PreviewFilter, type PreviewRepository } from './ports/preview-repository.port.js';

export type { AdminPreviewView } from './preview-views.js';

/** How far an administrator may extend a preview at once. */
export const PREVIEW_EXTEND_DAYS = { min: 1, max: 90 } as const;

export interface AdminPreviewQuery extends PreviewFilter {
  page: number;
  perPage: number;
}

/**
 * Previews in the Administration Portal: list (also a user's tab), approve, revoke, extend.
 * - approve: a pending, expired or revoked preview gets 7 days from now; an active one is left as it is.
 * - revoke: any preview; it stays revoked until approved again (a customer's new request does not undo it).
 * - extend: approved previews only (active, or expired: then from now); pending and revoked ones are a
 *   409, since extending would silently approve them.
 */
@Injectable()
export class PreviewAdminService {
  constructor(
    @Inject(PREVIEW_REPOSITORY) private readonly previews: PreviewRepository,
    private readonly users: UserDirectory,
  ) {}

  async list(query: AdminPreviewQuery, now = new Date()): Promise<Page<AdminPreviewView>> {
    const { previews, total } = await this.previews.search(query, now, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(await this.views(previews, now), total, query.page, query.perPage);
  }

  /** A user's previews (the user page's tab): 404 for an unknown user rather than an empty list. */
  async listForUser(userId: number, page: number, perPage: number, now = new Date()): Promise<Page<AdminPreviewView>> {
    if (!(await this.users.displayNames([userId])).has(userId)) throw new NotFoundError('User');
    return this.list({ userId, page, perPage }, now);
  }

  async approve(id: number, now = new Date()): Promise<AdminPreviewView> {
    const preview = await this.find(id);
    if (preview.stateAt(now) !== 'active') {
      preview.approve(now);
      await this.previews.save(preview);
    }
    return this.view(preview, now);
  }

  async revoke(id: number, now = new Date()): Promise<AdminPreviewView> {
    const preview = await this.find(id);
    if (preview.status !== 'revoked') {
      preview.revoke();
      await this.previews.save(preview);
    }
    return this.view(preview, now);
  }

  async extend(id: number, days: number, now = new Date()): Promise<AdminPreviewView> {
    const preview = await this.find(id);
    if (preview.status !== 'approved') {
      throw new DomainError('conflict', `A ${preview.status} preview cannot be extended: approve it first.`);
    }
    preview.extend(days, now);
    await this.previews.save(preview);
    return this.view(preview, now);
  }

  private async find(id: number): Promise<Preview> {
    const preview = await this.previews.findById(id);
    if (!preview) throw new NotFoundError('Preview');
    return preview;
  }

  private async view(preview: Preview, now: Date): Promise<AdminPreviewView> {
    const [view] = await this.views([preview], now);
    return view!;
  }

  private async views(previews: Preview[], now: Date): Promise<AdminPreviewView[]> {
    const products = await this.previews.products(previews.map((p) => p.productId));
    const names = await this.users.displayNames([...new Set(previews.map((p) => p.userId))]);
    return previews.map((preview) => adminView(preview, products.get(preview.productId), names.get(preview.userId), now));
  }
}

import type { Preview } from '../../domain/preview.entity.js';

export const PREVIEW_REPOSITORY = Symbol('PreviewRepository');

export type PreviewState = 'pending' | 'active' | 'expired' | 'revoked';

/** What a preview shows of its product; `status` lets a draft's previews stop playing. */
export interface PreviewProductRef {
  id: number;
  slug: string;
  title: string;
  status: string;
}

/** The product's preview video: an external URL or a stored (private) file, exactly one of them. */
export interface PreviewVideoSource {
  id: number;
  title: string;
  url: string | null;
  storageKey: string | null;
}

export interface PreviewFilter {
  /** Derived at `now`: active = approved and not expired, expired = approved and past its expiry. */
  state?: PreviewState | undefined;
  userId?: number | undefined;
  productId?: number | undefined;
}

export interface PreviewRepository {
  findById(id: number): Promise<Preview | null>;
  findForUserAndProduct(userId: number, productId: number): Promise<Preview | null>;
  /** A customer's previews, most recently requested first. */
  listForUser(userId: number): Promise<Preview[]>;
  search(filter: PreviewFilter, now: Date, offset: number, limit: number): Promise<{ previews: Preview[]; total: number }>;
  /**
   * Stores a new preview unless the customer has one for the product already (the unique index decides, so
   * two racing requests still make one): returns the stored preview and whether this call created it.
   */
  addOrFind(preview: Preview): Promise<{ preview: Preview; created: boolean }>;
  save(preview: Preview): Promise<void>;
  products(ids: readonly number[]): Promise<Map<number, PreviewProductRef>>;
  /** The product's first preview video (in gallery order), or null when it has none. */
  previewVideo(productId: number): Promise<PreviewVideoSource | null>;
}

import type { Preview } from '../domain/preview.entity.js';
import type { PreviewPlayer } from './preview-player.js';
import type { PreviewProductRef, PreviewState } from './ports/preview-repository.port.js';

/** A customer's preview as `/account/previews` and `GET /api/previews` show it. */
export interface CustomerPreviewView {
  id: number;
  product: { id: number; slug: string; title: string };
  state: PreviewState;
  requested_at: string;
  approved_at: string | null;
  expires_at: string | null;
  /** Where the customer watches it; null unless active (and its product still published). */
  watch_url: string | null;
}

/** The watch page: the preview, and its video only while it may be watched. */
export interface PreviewWatchView extends CustomerPreviewView {
  video: { title: string; player: PreviewPlayer } | null;
}

/** A preview in the Administration Portal (list, user tab, and the answer of approve/revoke/extend). */
export interface AdminPreviewView {
  id: number;
  state: PreviewState;
  user: { id: number; name: string | null };
  product: { id: number; slug: string; title: string; status: string } | null;
  requested_at: string;
  approved_at: string | null;
  expires_at: string | null;
  updated_at: string;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function customerView(preview: Preview, product: PreviewProductRef | undefined, now: Date): CustomerPreviewView {
  const state = preview.stateAt(now);
  const watchable = state === 'active' && product?.status === 'published';
  return {
    id: preview.id,
    product: { id: preview.productId, slug: product?.slug ?? '', title: product?.title ?? 'Product no longer available' },
    state,
    requested_at: iso(preview.requestedAt)!,
    approved_at: iso(preview.approvedAt),
    expires_at: iso(preview.expiresAt),
    watch_url: watchable ? `/account/previews/${preview.id}` : null,
  };
}

export function adminView(preview: Preview, product: PreviewProductRef | undefined, userName: string | undefined, now: Date): AdminPreviewView {
  return {
    id: preview.id,
    state: preview.stateAt(now),
    user: { id: preview.userId, name: userName ?? null },
    product: product ? { id: product.id, slug: product.slug, title: product.title, status: product.status } : null,
    requested_at: iso(preview.requestedAt)!,
    approved_at: iso(preview.approvedAt),
    expires_at: iso(preview.expiresAt),
    updated_at: iso(preview.updatedAt)!,
  };
}

import { mediaUrl } from '../../../platform/storage/index.js';
import type { BlogPost } from '../domain/blog-post.entity.js';

/** Sniffed type → stored extension of an uploaded cover; never SVG (it can carry script). */
export const COVER_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Covers show at most 760 px wide on a post's page: 1600 keeps them sharp on a high-density screen. */
export const COVER_MAX_WIDTH = 1600;

/** A post's cover as every view gives it: where it is, its size when it was uploaded, and its description. */
export interface BlogCoverFields {
  /** A site path, an https address or `/media/blog/…` for an uploaded one; null without a cover. */
  cover_image: string | null;
  /** Pixels, for an uploaded cover; null for one given by address (its size is unknown). */
  cover_width: number | null;
  cover_height: number | null;
  /** The image's alt text; blank when it only decorates. */
  cover_alt: string;
}

export function coverFieldsOf(post: BlogPost): BlogCoverFields {
  return {
    cover_image: post.coverKey ? mediaUrl(post.coverKey) : post.coverImage,
    cover_width: post.coverWidth,
    cover_height: post.coverHeight,
    cover_alt: post.coverAlt,
  };
}

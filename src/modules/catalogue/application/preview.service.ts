import { Inject, Injectable, Optional } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { RateLimiter } from '../../../platform/rate-limit/index.js';
import { requestedRange } from '../../../platform/http/index.js';
import { type ByteRange, FILE_STORAGE, type FileStorage } from '../../../platform/storage/index.js';
import type { Readable } from 'node:stream';
import { InvalidInputError, NotFoundError, RateLimitedError } from '../../../shared/domain-error.js';
import { Preview } from '../domain/preview.entity.js';
import { previewPlayer } from './preview-player.js';
import { customerView, type CustomerPreviewView, type PreviewWatchView } from './preview-views.js';
import { PREVIEW_REPOSITORY, type PreviewRepository } from './ports/preview-repository.port.js';
import { isId } from '../../../shared/contracts/ids.js';

export type { CustomerPreviewView, PreviewWatchView } from './preview-views.js';

/** A stored preview video opened for playing: the whole of it, or the range the player asked for. */
export interface PreviewVideoStream {
  body: Readable;
  contentType: string;
  /** The whole video's size. */
  size: number;
  /** The part being read (a player seeking), or null for the whole video. */
  range: ByteRange | null;
}

/** Preview requests per customer per hour: plenty for real use, too few to fill the table (or the staff's queue). */
export const PREVIEW_REQUESTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Free previews of a product's preview video, as customers see them (product.md). One preview per customer
 * and product: asking again answers the same preview, except that an expired one starts again (approved
 * at once or pending, as for a first request) and a revoked one stays revoked (ADR 0012).
 */
@Injectable()
export class PreviewService {
  constructor(
    @Inject(PREVIEW_REPOSITORY) private readonly previews: PreviewRepository,
    private readonly env: Environment,
    private readonly rateLimiter: RateLimiter,
    // Optional so previews of external videos work before (or without) a storage module.
    @Optional() @Inject(FILE_STORAGE) private readonly storage: FileStorage | null = null,
  ) {}

  /** Requests a preview; `created` is false when the customer's existing preview is answered unchanged. */
  async request(userId: number, productId: number, now = new Date()): Promise<{ preview: CustomerPreviewView; created: boolean }> {
    const limit = await this.rateLimiter.hit(`preview-request:${userId}`, HOUR_MS);
    if (limit.hits > PREVIEW_REQUESTS_PER_HOUR) {
      throw new RateLimitedError('Too many preview requests. Please try again later.', limit.retryAfterSeconds);
    }
    const product = (await this.previews.products([productId])).get(productId);
    if (!product || product.status !== 'published') throw new InvalidInputError('product_id', 'No published product has that id.');
    if (!(await this.previews.previewVideo(productId))) throw new InvalidInputError('product_id', 'This product has no preview video.');

    const fresh = new Preview(productId, userId, now);
    if (this.env.PREVIEW_AUTO_APPROVE) fresh.approve(now);
    const { preview, created } = await this.previews.addOrFind(fresh);
    if (created) return { preview: customerView(preview, product, now), created };

    if (preview.stateAt(now) !== 'expired') return { preview: customerView(preview, product, now), created: false };
    preview.reopen(now);
    if (this.env.PREVIEW_AUTO_APPROVE) preview.approve(now);
    await this.previews.save(preview);
    return { preview: customerView(preview, product, now), created: true };
  }

  /** The customer's previews, most recently requested first. */
  async listForCustomer(userId: number, now = new Date()): Promise<CustomerPreviewView[]> {
    const previews = await this.previews.listForUser(userId);
    const products = await this.previews.products(previews.map((p) => p.productId));
    return previews.map((preview) => customerView(preview, products.get(preview.productId), now));
  }

  /**
   * The watch page's preview: null unless it is the customer's own (another customer's id is as unknown as
   * a missing one); its video only while it is active and the product is published.
   */
  async findForCustomer(userId: number, previewId: number, now = new Date()): Promise<PreviewWatchView | null> {
    const preview = await this.ownPreview(userId, previewId);
    if (!preview) return null;
    const product = (await this.previews.products([preview.productId])).get(preview.productId);
    const view = customerView(preview, product, now);
    if (view.watch_url === null) return { ...view, video: null };
    const video = await this.previews.previewVideo(preview.productId);
    const player = video ? previewPlayer(preview.id, video) : null;
    return { ...view, video: video && player ? { title: video.title, player } : null };
  }

  /**
   * The stored preview video for its owner while the preview is active, or the part of it a `Range` header asks
   * for (players ask for ranges to start quickly and to seek; 416 for a range past the end); NotFound in every
   * other case. The size comes from the store first, as the video's row does not keep it.
   */
  async openVideo(userId: number, previewId: number, rangeHeader?: string, now = new Date()): Promise<PreviewVideoStream> {
    const watch = await this.findForCustomer(userId, previewId, now);
    const video = watch?.video ? await this.previews.previewVideo(watch.product.id) : null;
    const key = video?.storageKey;
    const info = key && this.storage ? await this.storage.stat(key) : null;
    if (!key || !info || !this.storage) throw new NotFoundError('Preview video');
    const range = requestedRange(rangeHeader, info.size);
    const object = await this.storage.get(key, range ?? undefined);
    if (!object) throw new NotFoundError('Preview video');
    return { body: object.body, contentType: object.contentType, size: object.size, range };
  }

  private async ownPreview(userId: number, previewId: number): Promise<Preview | null> {
    if (!isId(previewId)) return null;
    const preview = await this.previews.findById(previewId);
    return preview && preview.userId === userId ? preview : null;
  }
}

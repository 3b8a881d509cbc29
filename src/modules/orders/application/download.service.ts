import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Environment } from '../../../config/environment.js';
import { localSecret } from '../../../config/local-secret.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { requestedRange } from '../../../platform/http/index.js';
import type { ByteRange } from '../../../platform/storage/index.js';
import { DownloadFileService } from '../../catalogue/index.js';
import { DownloadLinkExpiredError, DownloadLinkInvalidError } from '../domain/download-errors.js';
import { DOWNLOADABLE_STATUSES, downloadSignature, isValidDownloadSignature } from '../domain/download-link.js';
import { ORDER_READS, type OrderReads } from './ports/order-reads.port.js';
import { isId } from '../../../shared/contracts/ids.js';

/** product.md "Downloads" / Buying API: `GET /api/downloads`. */
export interface DownloadView {
  /** The order line that pays for it. */
  id: number;
  order_id: number;
  order_number: string;
  ordered_at: string;
  product_title: string;
  option_name: string;
  file_name: string;
  size: number;
  content_type: string;
  /** Short-lived, signed for this customer; fetched with their session. */
  url: string;
  expires_at: string;
}

export interface DownloadStream {
  fileName: string;
  contentType: string;
  /** The whole file's size. */
  size: number;
  /** The part sent (206), or null for the whole file (200). */
  range: ByteRange | null;
  body: Readable;
}

/**
 * The files of the download options a customer has paid for, behind short-lived links signed for them (HMAC of
 * line, customer and expiry with DOWNLOAD_LINK_SECRET). A link is checked in this order: signature (404: made
 * for someone else or edited), expiry (410), then the entitlement afresh (404: a refunded or cancelled order's
 * downloads stop at once, links already handed out included). The bytes stream from the storage port, a range
 * of them when asked, never buffered whole.
 */
@Injectable()
export class DownloadService {
  private readonly secret: string;

  constructor(
    @Inject(ORDER_READS) private readonly reads: OrderReads,
    private readonly files: DownloadFileService,
    private readonly env: Environment,
  ) {
    this.secret = env.DOWNLOAD_LINK_SECRET ?? localSecret(env, 'download-link-secret');
  }

  async listForCustomer(customerId: number, now: Date = new Date()): Promise<DownloadView[]> {
    const lines = await this.reads.downloadLinesOf(customerId, DOWNLOADABLE_STATUSES);
    const files = await this.files.filesOfOptions(lines.map((line) => line.optionId));
    const expiresAt = Math.floor(now.getTime() / 1000) + this.env.DOWNLOAD_LINK_MINUTES * 60;
    return lines.flatMap((line) => {
      const file = files.get(line.optionId);
      if (!file) return [];
      const signature = downloadSignature(this.secret, line.lineId, customerId, expiresAt);
      return [{
        id: line.lineId, order_id: line.orderId, order_number: line.orderNumber, ordered_at: line.orderedAt.toISOString(),
        product_title: line.title, option_name: line.optionName, file_name: file.name, size: file.size, content_type: file.contentType,
        url: `/api/downloads/${line.lineId}?expires=${expiresAt}&signature=${signature}`, expires_at: new Date(expiresAt * 1000).toISOString(),
      }];
    });
  }

  async open(
    customerId: number, lineId: number, link: { expires: number; signature: string }, rangeHeader: string | undefined, now: Date = new Date(),
  ): Promise<DownloadStream> {
    if (!isId(lineId)) throw new NotFoundError('Download');
    if (!isValidDownloadSignature(this.secret, lineId, customerId, link.expires, link.signature)) throw new DownloadLinkInvalidError();
    if (link.expires * 1000 <= now.getTime()) throw new DownloadLinkExpiredError();
    const line = await this.reads.downloadLine(customerId, lineId, DOWNLOADABLE_STATUSES);
    if (!line) throw new NotFoundError('Download');
    const file = (await this.files.filesOfOptions([line.optionId])).get(line.optionId);
    if (!file) throw new NotFoundError('Download');
    const range = requestedRange(rangeHeader, file.size);
    const opened = await this.files.open(line.optionId, range ?? undefined);
    if (!opened) throw new NotFoundError('Download');
    return { fileName: opened.file.name, contentType: opened.file.contentType, size: opened.size, range, body: opened.body };
  }
}

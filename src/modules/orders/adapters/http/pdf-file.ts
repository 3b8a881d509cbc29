import { StreamableFile } from '@nestjs/common';
import { contentDisposition } from '../../../../platform/http/index.js';
import type { VatDocumentFile } from '../../application/invoice.service.js';

/** A VAT document for the browser's PDF viewer (`inline`), saved under its number when downloaded. */
export function pdfFile(file: VatDocumentFile): StreamableFile {
  return new StreamableFile(file.body, { type: 'application/pdf', disposition: contentDisposition(file.fileName, 'inline') });
}

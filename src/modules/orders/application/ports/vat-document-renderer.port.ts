import type { Readable } from 'node:stream';
import type { VatDocument } from '../../domain/vat-document.js';

export const VAT_DOCUMENT_RENDERER = Symbol('VatDocumentRenderer');

/** Draws a VAT invoice or credit note as a PDF, streamed as it is drawn (never held whole by the caller). */
export interface VatDocumentRenderer {
  renderPdf(document: VatDocument): Readable;
}

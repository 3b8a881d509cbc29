import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

/**
 * What every PDF the shop draws shares (VAT invoices and credit notes, training certificates): the storefront's shield
 * (web/assets/logo.svg) as vector paths, so no image file is needed, the palette, UK dates, and pdfkit loaded lazily.
 */
export const SHOP_LOGO_PATHS: ReadonlyArray<[string, string]> = [
  ['M24 2 4 9v16c0 13.6 8.4 24.3 20 29 11.6-4.7 20-15.4 20-29V9L24 2z', '#0b5394'],
  ['M24 7.4 9 12.7V25c0 10.8 6.3 19.5 15 23.6 8.7-4.1 15-12.8 15-23.6V12.7L24 7.4z', '#ffd43b'],
  ['M20.5 35.5 13 28l3.2-3.2 4.3 4.3 11.3-11.3L35 21 20.5 35.5z', '#0b5394'],
];

export const PDF_COLOURS = { brand: '#0b5394', ink: '#1f2933', muted: '#52606d', rule: '#cbd2d9', shade: '#eef2f7' } as const;

/** UK dates, in UK time whatever the server's zone: a tax point or a completion is a calendar date in London. */
export const ukLongDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * pdfkit, with fontkit, a brotli decoder and its font tables (~7 MB of heap and 2 MB of source), is loaded at the first
 * document rather than at start-up: most processes never draw one (ADR 0027, memory at start).
 */
const require = createRequire(import.meta.url);
let pdfkit: typeof PDFKitDocument | undefined;
export const loadPdfKit = (): typeof PDFKitDocument => (pdfkit ??= require('pdfkit') as typeof PDFKitDocument);

/** Draws the shield with its top-left corner at (x, y), `scale` × 48 points wide. */
export function drawShopLogo(pdf: PDFKit.PDFDocument, x: number, y: number, scale = 1): void {
  pdf.save().translate(x, y).scale(scale);
  for (const [path, colour] of SHOP_LOGO_PATHS) pdf.path(path).fill(colour);
  pdf.restore();
}

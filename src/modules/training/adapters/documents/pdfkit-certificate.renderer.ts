import { Injectable } from '@nestjs/common';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type QRCodeModule from 'qrcode';
import type { Readable } from 'node:stream';
import type { CertificateDocument, CertificateRenderer } from '../../application/ports/certificate-renderer.port.js';

// The storefront's shield and palette, as the VAT invoices draw them (orders' pdfkit-vat-document.renderer.ts): a
// certificate and an invoice from the same company look like they come from it.
const LOGO_PATHS: ReadonlyArray<[string, string]> = [
  ['M24 2 4 9v16c0 13.6 8.4 24.3 20 29 11.6-4.7 20-15.4 20-29V9L24 2z', '#0b5394'],
  ['M24 7.4 9 12.7V25c0 10.8 6.3 19.5 15 23.6 8.7-4.1 15-12.8 15-23.6V12.7L24 7.4z', '#ffd43b'],
  ['M20.5 35.5 13 28l3.2-3.2 4.3 4.3 11.3-11.3L35 21 20.5 35.5z', '#0b5394'],
];
const BRAND = '#0b5394';
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const REVOKED = '#b42318';

/** A4 landscape. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

// Loaded at the first certificate, as the invoices load pdfkit (ADR 0027: most processes never draw one).
const require = createRequire(import.meta.url);
let pdfkit: typeof PDFKitDocument | undefined;
let qrcode: typeof QRCodeModule | undefined;
const loadPdfKit = (): typeof PDFKitDocument => (pdfkit ??= require('pdfkit') as typeof PDFKitDocument);
const loadQrCode = (): typeof QRCodeModule => (qrcode ??= require('qrcode') as typeof QRCodeModule);

/**
 * A certificate of completion with pdfkit (ADR 0041): a framed landscape page with the company's shield, the learner's
 * name large, the course, its accreditation, the dates and score, the seller, and the code beside a QR code of the
 * verification address. The QR code is drawn as vector squares from `qrcode`'s module matrix (no image, sharp at any
 * zoom); the standard Helvetica needs no font file.
 */
@Injectable()
export class PdfkitCertificateRenderer implements CertificateRenderer {
  renderPdf(doc: CertificateDocument): Readable {
    const PDFDocument = loadPdfKit();
    const pdf = new PDFDocument({
      size: 'A4', layout: 'landscape', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      info: { Title: `Certificate ${doc.code}: ${doc.courseTitle}`, Author: doc.seller.legalName, Subject: doc.learnerName, Creator: doc.seller.tradingName },
    });
    try {
      this.draw(pdf, doc);
    } finally {
      pdf.end();
    }
    return pdf;
  }

  private draw(pdf: PDFKit.PDFDocument, doc: CertificateDocument): void {
    const inner = { x: MARGIN, y: MARGIN, width: PAGE.width - 2 * MARGIN, height: PAGE.height - 2 * MARGIN };
    pdf.lineWidth(3).strokeColor(BRAND).rect(inner.x, inner.y, inner.width, inner.height).stroke();
    pdf.lineWidth(0.75).strokeColor(RULE).rect(inner.x + 8, inner.y + 8, inner.width - 16, inner.height - 16).stroke();

    const centre = { x: inner.x + 40, width: inner.width - 80 };
    pdf.save().translate(PAGE.width / 2 - 24, inner.y + 28);
    for (const [path, colour] of LOGO_PATHS) pdf.path(path).fill(colour);
    pdf.restore();
    pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(13).text(doc.seller.tradingName.toUpperCase(), centre.x, inner.y + 88, { width: centre.width, align: 'center', characterSpacing: 2 });
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(30).text('Certificate of completion', centre.x, inner.y + 114, { width: centre.width, align: 'center' });
    if (doc.revoked) {
      pdf.fillColor(REVOKED).font('Helvetica-Bold').fontSize(14).text('REVOKED: this certificate is no longer valid', centre.x, inner.y + 152, { width: centre.width, align: 'center' });
    }
    pdf.fillColor(MUTED).font('Helvetica').fontSize(12).text('This is to certify that', centre.x, inner.y + 178, { width: centre.width, align: 'center' });
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(26).text(doc.learnerName, centre.x, inner.y + 198, { width: centre.width, align: 'center' });
    pdf.fillColor(MUTED).font('Helvetica').fontSize(12).text('has successfully completed', centre.x, pdf.y + 6, { width: centre.width, align: 'center' });
    pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(18).text(doc.courseTitle, centre.x, pdf.y + 6, { width: centre.width, align: 'center' });
    if (doc.accreditation) {
      pdf.fillColor(MUTED).font('Helvetica').fontSize(11).text(doc.accreditation, centre.x, pdf.y + 4, { width: centre.width, align: 'center' });
    }

    // Particulars (left) and verification (right) along the bottom.
    const bottom = inner.y + inner.height - 150;
    pdf.moveTo(inner.x + 40, bottom - 12).lineTo(inner.x + inner.width - 40, bottom - 12).lineWidth(0.75).strokeColor(RULE).stroke();
    const rows: Array<[string, string]> = [
      ['Completed', ukDate.format(doc.completedAt)],
      ...(doc.score === null ? [] : [['Score', `${doc.score}%`] as [string, string]]),
      ['Valid until', doc.expiresAt ? ukDate.format(doc.expiresAt) : 'No expiry'],
      ['Issued by', doc.seller.legalName],
      ['Certificate code', doc.code],
    ];
    let y = bottom;
    for (const [label, value] of rows) {
      pdf.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, inner.x + 40, y, { width: 110 });
      pdf.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(value, inner.x + 150, y, { width: 300 });
      y += 18;
    }

    const qrSize = 104;
    const qrX = inner.x + inner.width - 40 - qrSize;
    this.qr(pdf, doc.verifyUrl, qrX, bottom - 4, qrSize);
    pdf.fillColor(MUTED).font('Helvetica').fontSize(8).text('Check this certificate at', qrX - 190, bottom + 30, { width: 180, align: 'right' });
    pdf.fillColor(INK).font('Helvetica').fontSize(8).text(doc.verifyUrl, qrX - 190, pdf.y + 2, { width: 180, align: 'right' });
  }

  /** The QR code of `text` as black squares on white, `size` points wide, with its quiet zone inside that width. */
  private qr(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
    const code = loadQrCode().create(text, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    const quiet = 2;
    const cell = size / (count + 2 * quiet);
    pdf.rect(x, y, size, size).fill('#ffffff');
    pdf.fillColor('#000000');
    for (let row = 0; row < count; row += 1) {
      for (let column = 0; column < count; column += 1) {
        if (code.modules.get(row, column)) pdf.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell + 0.01, cell + 0.01);
      }
    }
    pdf.fill('#000000');
  }
}

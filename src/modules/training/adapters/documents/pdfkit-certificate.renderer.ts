import { Injectable } from '@nestjs/common';
import { createRequire } from 'node:module';
import type QRCodeModule from 'qrcode';
import type { Readable } from 'node:stream';
import { PDF_COLOURS, drawShopLogo, loadPdfKit, ukLongDate } from '../../../../platform/documents/index.js';
import type { CertificateDocument, CertificateRenderer } from '../../application/ports/certificate-renderer.port.js';

// The invoices' house style (platform/documents): a certificate and an invoice from the same company look alike.
const { brand: BRAND, ink: INK, muted: MUTED, rule: RULE } = PDF_COLOURS;
const REVOKED = '#b42318';

/** A4 landscape. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;

const ukDate = ukLongDate;

// Loaded at the first certificate, as pdfkit is (ADR 0027: most processes never draw one).
const require = createRequire(import.meta.url);
let qrcode: typeof QRCodeModule | undefined;
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
    drawShopLogo(pdf, PAGE.width / 2 - 24, inner.y + 28);
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

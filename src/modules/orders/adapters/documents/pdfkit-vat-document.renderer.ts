import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { PDF_COLOURS, drawShopLogo, loadPdfKit, ukLongDate } from '../../../../platform/documents/index.js';
import { formatPounds } from '../../../../shared/money.js';
import type { VatDocumentRenderer } from '../../application/ports/vat-document-renderer.port.js';
import type { VatDocument } from '../../domain/vat-document.js';

const BRAND = PDF_COLOURS.brand;
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;
const RULE = PDF_COLOURS.rule;
const SHADE = PDF_COLOURS.shade;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;

/** The tax point is a calendar date in London. */
const ukDate = ukLongDate;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
}

const CODE_COLUMN = 1;
const COLUMNS: Column[] = [
  { header: 'Description', width: 165, align: 'left' },
  { header: 'Code', width: 72, align: 'left' },
  { header: 'Qty', width: 30, align: 'right' },
  { header: 'Unit price ex VAT', width: 62, align: 'right' },
  { header: 'VAT rate', width: 40, align: 'right' },
  { header: 'VAT', width: 55, align: 'right' },
  { header: 'Total ex VAT', width: CONTENT_WIDTH - 165 - 72 - 30 - 62 - 40 - 55, align: 'right' },
];

/**
 * VAT invoices and credit notes with pdfkit (ADR 0019): a real company's layout — logo and name, the seller's
 * registration details, the customer's address, the document's numbers and dates, a table of lines that
 * breaks across pages with its header repeated, a totals box, the payment terms, and a footer with the
 * company's registration on every page. The standard Helvetica needs no font file; the PDF streams out as it
 * is drawn.
 */
@Injectable()
export class PdfkitVatDocumentRenderer implements VatDocumentRenderer {
  renderPdf(document: VatDocument): Readable {
    const title = document.kind === 'invoice' ? 'VAT invoice' : 'Credit note';
    const PDFDocument = loadPdfKit();
    const pdf = new PDFDocument({
      size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, bufferPages: true,
      info: { Title: `${title} ${document.number}`, Author: document.seller.legalName, Subject: `Order ${document.orderNumber}`, Creator: document.seller.tradingName },
    });
    try {
      this.draw(pdf, document, title);
    } finally {
      pdf.end();
    }
    return pdf;
  }

  private draw(pdf: PDFKit.PDFDocument, doc: VatDocument, title: string): void {
    const { seller } = doc;
    // Header: logo and trading name on the left, the document's title on the right.
    drawShopLogo(pdf, MARGIN, MARGIN, 0.8);
    pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(18).text(seller.tradingName, MARGIN + 48, MARGIN + 6, { width: 260 });
    pdf.fillColor(MUTED).font('Helvetica').fontSize(9).text('Health and safety training for UK businesses', MARGIN + 48, MARGIN + 28, { width: 260 });
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(title.toUpperCase(), MARGIN, MARGIN + 4, { width: CONTENT_WIDTH, align: 'right' });

    // Seller (left) and the document's particulars (right).
    const top = MARGIN + 70;
    const sellerBottom = this.block(pdf, MARGIN, top, 250, 'From', [
      { text: seller.legalName, bold: true },
      ...seller.addressLines.map((text) => ({ text })),
      { text: seller.country },
      { text: `VAT registration no. ${seller.vatNumberDisplay}` },
      { text: `Company no. ${seller.companyNumber}` },
      { text: `${seller.phone} · ${seller.email}` },
    ]);
    const particulars: Array<[string, string]> = [
      [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
      [doc.kind === 'invoice' ? 'Invoice date' : 'Credit note date', ukDate.format(doc.date)],
      ['Tax point', ukDate.format(doc.date)],
      ...(doc.creditsInvoice ? [['Credits invoice', `${doc.creditsInvoice.number} of ${ukDate.format(doc.creditsInvoice.date)}`] as [string, string]] : []),
      ['Order', `${doc.orderNumber} of ${ukDate.format(doc.orderDate)}`],
      ...(doc.poNumber ? [['Your PO number', doc.poNumber] as [string, string]] : []),
      ...(doc.payment.state === 'due' ? [['Payment due', ukDate.format(doc.payment.dueDate)] as [string, string]] : []),
    ];
    let y = top;
    for (const [label, value] of particulars) {
      pdf.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, MARGIN + 265, y, { width: 85 });
      pdf.fillColor(INK).font('Helvetica-Bold').fontSize(9).text(value, MARGIN + 350, y, { width: CONTENT_WIDTH - 350 });
      y = Math.max(pdf.y, y + 13);
    }

    // The customer.
    const customerTop = Math.max(sellerBottom, y) + 16;
    const customerBottom = this.block(pdf, MARGIN, customerTop, 250, doc.kind === 'invoice' ? 'Invoice to' : 'Credit to', [
      ...(doc.customer.name ? [{ text: doc.customer.name, bold: true }] : []),
      ...(doc.customer.company ? [{ text: doc.customer.company, bold: !doc.customer.name }] : []),
      ...doc.customer.addressLines.map((text) => ({ text })),
      ...(doc.customer.vatNumber ? [{ text: `VAT registration no. ${doc.customer.vatNumber}` }] : []),
      ...(doc.customer.email ? [{ text: doc.customer.email }] : []),
    ]);

    y = this.table(pdf, doc, customerBottom + 20);
    y = this.totals(pdf, doc, y + 10);
    this.payment(pdf, doc, y + 18);
    this.footers(pdf, doc);
  }

  /** A labelled block of lines; returns where it ends. */
  private block(pdf: PDFKit.PDFDocument, x: number, y: number, width: number, label: string, lines: Array<{ text: string; bold?: boolean }>): number {
    pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(8).text(label.toUpperCase(), x, y, { width });
    let at = y + 13;
    for (const line of lines) {
      pdf.fillColor(INK).font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).text(line.text, x, at, { width });
      at = pdf.y + 1;
    }
    return at;
  }

  private tableHeader(pdf: PDFKit.PDFDocument, y: number): number {
    pdf.rect(MARGIN, y, CONTENT_WIDTH, 24).fill(BRAND);
    let x = MARGIN;
    for (const column of COLUMNS) {
      pdf.fillColor('#ffffff').font('Helvetica-Bold').fontSize(8).text(column.header, x + 4, y + 5, { width: column.width - 8, align: column.align, lineGap: -1 });
      x += column.width;
    }
    return y + 24;
  }

  /** The lines, breaking across pages with the header repeated; returns where the table ends. */
  private table(pdf: PDFKit.PDFDocument, doc: VatDocument, top: number): number {
    let y = this.tableHeader(pdf, top);
    const bottomLimit = A4.height - MARGIN - 60;
    doc.lines.forEach((line, index) => {
      const cells = [
        line.description, line.code ?? '', String(line.qty), formatPounds(line.unitPrice), `${line.vatRatePercent}%`, formatPounds(line.vat), formatPounds(line.net),
      ];
      pdf.font('Helvetica').fontSize(9);
      // The code is one word: it is set small enough to fit its column rather than broken mid-code (issue 28).
      const codeSize = this.fittingSize(pdf, cells[CODE_COLUMN]!, COLUMNS[CODE_COLUMN]!.width - 8);
      const height = Math.max(...cells.map((cell, column) => (column === CODE_COLUMN ? 11 : pdf.heightOfString(cell, { width: COLUMNS[column]!.width - 8 })))) + 10;
      if (y + height > bottomLimit) {
        pdf.addPage();
        y = this.tableHeader(pdf, MARGIN);
      }
      if (index % 2 === 1) pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fill(SHADE);
      let x = MARGIN;
      cells.forEach((cell, column) => {
        const code = column === CODE_COLUMN;
        pdf.fillColor(INK).font('Helvetica').fontSize(code ? codeSize : 9)
          .text(cell, x + 4, y + 5, { width: COLUMNS[column]!.width - 8, align: COLUMNS[column]!.align, lineBreak: !code });
        x += COLUMNS[column]!.width;
      });
      y += height;
    });
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.75).strokeColor(RULE).stroke();
    return y;
  }

  /** The font size (9 pt down to 5 pt) at which `text` fits `width` on one line. */
  private fittingSize(pdf: PDFKit.PDFDocument, text: string, width: number): number {
    const atNine = pdf.font('Helvetica').fontSize(9).widthOfString(text);
    return atNine <= width ? 9 : Math.max(5, Math.floor((9 * width * 10) / atNine) / 10);
  }

  private totals(pdf: PDFKit.PDFDocument, doc: VatDocument, top: number): number {
    const width = 230;
    const x = MARGIN + CONTENT_WIDTH - width;
    if (top + 90 > A4.height - MARGIN - 60) {
      pdf.addPage();
      top = MARGIN;
    }
    const credit = doc.kind === 'credit_note';
    const rows: Array<[string, number, boolean]> = [
      [credit ? 'Total credited ex VAT' : 'Total ex VAT', doc.totals.net, false],
      [`VAT at ${doc.lines[0]?.vatRatePercent ?? 20}%`, doc.totals.vat, false],
      [credit ? 'Total credited inc VAT' : 'Total inc VAT', doc.totals.gross, true],
    ];
    pdf.rect(x, top, width, rows.length * 20 + 8).lineWidth(0.75).strokeColor(RULE).stroke();
    let y = top + 4;
    for (const [label, amount, strong] of rows) {
      if (strong) pdf.rect(x, y - 2, width, 22).fill(SHADE);
      pdf.fillColor(INK).font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 9.5);
      pdf.text(label, x + 10, y + 4, { width: 130 });
      pdf.text(formatPounds(amount), x + 140, y + 4, { width: width - 150, align: 'right' });
      y += 20;
    }
    pdf.fillColor(MUTED).font('Helvetica').fontSize(8).text('All amounts in pounds sterling (GBP).', x, y + 8, { width, align: 'right' });
    return pdf.y;
  }

  private payment(pdf: PDFKit.PDFDocument, doc: VatDocument, top: number): void {
    const lines: string[] = [];
    let heading: string;
    if (doc.payment.state === 'paid') {
      heading = 'Paid with thanks';
      lines.push(`Paid by ${doc.payment.method} on ${ukDate.format(doc.payment.paidAt)}. Nothing is owed on this invoice.`);
    } else if (doc.payment.state === 'due') {
      heading = 'Payment terms';
      lines.push(
        `${doc.seller.paymentTermsDays} days from the invoice date: please pay ${formatPounds(doc.totals.gross)} by ${ukDate.format(doc.payment.dueDate)}.`,
        `By BACS to ${doc.payment.bankDetails}, quoting ${doc.number}.`,
      );
    } else {
      heading = 'Refund';
      lines.push(`This credit note cancels invoice ${doc.creditsInvoice?.number ?? ''} in full. The amount has been refunded on ${ukDate.format(doc.payment.at)}.`);
    }
    if (top + 60 > A4.height - MARGIN - 60) {
      pdf.addPage();
      top = MARGIN;
    }
    pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(10).text(heading, MARGIN, top, { width: CONTENT_WIDTH });
    pdf.fillColor(INK).font('Helvetica').fontSize(9.5);
    for (const line of lines) pdf.text(line, MARGIN, pdf.y + 3, { width: CONTENT_WIDTH });
    pdf.fillColor(MUTED).fontSize(8.5).text(`Questions about this document? Call ${doc.seller.phone} or write to ${doc.seller.email}, quoting ${doc.number}.`, MARGIN, pdf.y + 10, { width: CONTENT_WIDTH });
  }

  /** The company's registration and the page number at the foot of every page. */
  private footers(pdf: PDFKit.PDFDocument, doc: VatDocument): void {
    const range = pdf.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      pdf.switchToPage(index);
      const y = A4.height - MARGIN - 18;
      pdf.moveTo(MARGIN, y - 6).lineTo(MARGIN + CONTENT_WIDTH, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      // Writing below the bottom margin would start a new page: lift the margin for the footer.
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      pdf.fillColor(MUTED).font('Helvetica').fontSize(7.5).text(
        `${doc.seller.legalName}, registered in England and Wales, company no. ${doc.seller.companyNumber}. Registered office: ${doc.seller.addressLines.join(', ')}. VAT no. ${doc.seller.vatNumberDisplay}.`,
        MARGIN, y, { width: CONTENT_WIDTH - 60, lineBreak: true },
      );
      pdf.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + CONTENT_WIDTH - 60, y, { width: 60, align: 'right' });
      pdf.page.margins.bottom = bottom;
    }
  }
}

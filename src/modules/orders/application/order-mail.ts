import type { CompanyDetails } from '../../../config/company.js';
import { formatPounds } from '../../../shared/money.js';
import { escapeHtml, htmlEmail, mailButton, mailParagraph } from '../../../platform/mail/index.js';
import type { Order, OrderAddress, OrderLine } from '../domain/order.entity.js';
import type { VatDocument } from '../domain/vat-document.js';

import { ORDER_MAIL_KINDS, type OrderMailKind } from '../domain/order-process.js';

export { ORDER_MAIL_KINDS, type OrderMailKind };

export interface OrderMailInput {
  kind: OrderMailKind;
  order: Order;
  lines: readonly OrderLine[];
  /** The invoice (or, for credit_note, the credit note) the message is about; its PDF goes with it. */
  document: VatDocument | null;
  company: CompanyDetails;
  publicUrl: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });

function addressLines(address: OrderAddress): string[] {
  return [address.name, address.company, address.line1, address.line2, address.town, address.county, address.postcode].filter((part): part is string => Boolean(part));
}

/**
 * Subject, plain text and HTML of one order e-mail. The confirmation carries the VAT invoice's particulars as
 * product.md asks (seller's name, address and VAT number, invoice number and date, customer, lines with unit
 * price ex VAT, VAT rate and amount, totals) besides the PDF attached to it.
 */
export function composeOrderMail(input: OrderMailInput): ComposedMail {
  const { kind, order, document, company, publicUrl } = input;
  const orderUrl = `${publicUrl}/account/orders/${order.id}`;
  const greeting = order.billingAddress.name ? `Dear ${order.billingAddress.name},` : 'Hello,';
  const hasDownloads = input.lines.some((line) => line.kind === 'download');
  const paragraphs: string[] = [];
  let subject: string;
  let title: string;
  let action: { href: string; label: string } = { href: orderUrl, label: 'View your order' };

  switch (kind) {
    case 'confirmation':
      subject = `Order ${order.number} confirmed: VAT invoice ${document?.number ?? ''}`.trim();
      title = 'Thank you for your order';
      paragraphs.push(`We have received your payment of ${formatPounds(order.grandTotal)} for order ${order.number}. Your VAT invoice ${document?.number ?? ''} is attached.`);
      if (order.deliveryAddress) paragraphs.push('We will e-mail you again when your parcel is on its way.');
      if (hasDownloads) {
        paragraphs.push(`Your downloads are ready: ${publicUrl}/account/downloads`);
        action = { href: `${publicUrl}/account/downloads`, label: 'Go to your downloads' };
      }
      break;
    case 'invoice': {
      const due = document?.payment.state === 'due' ? document.payment : null;
      subject = `Invoice ${document?.number ?? ''} for order ${order.number}${due ? `: due ${ukDate.format(due.dueDate)}` : ''}`;
      title = 'Your order on account';
      paragraphs.push(`Thank you for order ${order.number}, placed on your account against purchase order ${order.poNumber ?? ''}. Our VAT invoice ${document?.number ?? ''} is attached.`);
      if (due) {
        paragraphs.push(`Please pay ${formatPounds(order.grandTotal)} by ${ukDate.format(due.dueDate)} (${company.paymentTermsDays} days) by BACS to ${due.bankDetails}, quoting ${document!.number}.`);
      }
      if (hasDownloads) paragraphs.push(`Your downloads are ready: ${publicUrl}/account/downloads`);
      if (order.deliveryAddress) paragraphs.push('We will e-mail you again when your parcel is on its way.');
      break;
    }
    case 'receipt':
      subject = `Payment received for invoice ${document?.number ?? order.number}`;
      title = 'Thank you for your payment';
      paragraphs.push(`We have received payment in full of ${formatPounds(order.grandTotal)} for order ${order.number}. Invoice ${document?.number ?? ''} is now paid; a copy marked paid is attached.`);
      break;
    case 'dispatched':
      subject = `Order ${order.number} is on its way`;
      title = 'Your order has been dispatched';
      paragraphs.push(`Order ${order.number} left us today${order.delivery ? ` by ${order.delivery.name}` : ''}.`);
      if (order.trackingNumber) paragraphs.push(`Tracking number: ${order.trackingNumber}`);
      if (order.deliveryAddress) paragraphs.push(`Delivering to: ${addressLines(order.deliveryAddress).join(', ')}`);
      break;
    case 'credit_note': {
      subject = `Credit note ${document?.number ?? ''} for order ${order.number}`.trim();
      // A refund of some lines (ADR 0045) is not the order's own credit note: that one ends it (refunded, cancelled).
      const inPart = document !== null && document.number !== order.creditNoteNumber;
      title = order.status === 'cancelled' && !inPart ? 'Your order has been cancelled' : inPart ? 'Your partial refund' : 'Your refund';
      paragraphs.push(
        inPart
          ? `We have refunded part of order ${order.number}. Our credit note ${document.number} for the refunded items is attached; it credits them against invoice ${document.creditsInvoice?.number ?? ''}.`
          : order.status === 'refunded'
            ? `We have refunded order ${order.number}. Our credit note ${document?.number ?? ''} is attached; it cancels invoice ${document?.creditsInvoice?.number ?? ''}.`
            : `Order ${order.number} has been cancelled. Our credit note ${document?.number ?? ''} is attached; it cancels invoice ${document?.creditsInvoice?.number ?? ''}, so nothing is owed.`,
      );
      break;
    }
  }

  const invoiceBlock = document && (kind === 'confirmation' || kind === 'invoice') ? vatParticulars(document) : null;
  const footer = [
    `${company.legalName}, ${company.addressLines.join(', ')}, ${company.country}.`,
    `Registered in England and Wales, company no. ${company.companyNumber}. VAT no. ${company.vatNumberDisplay}.`,
    `Questions? Call ${company.phone} or write to ${company.email}${order.number ? `, quoting ${order.number}` : ''}.`,
  ];

  const text = [
    greeting, '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(invoiceBlock ? [...invoiceBlock.text, ''] : []),
    `${action.label}: ${action.href}`, '',
    ...footer,
  ].join('\n');

  const html = htmlEmail({
    brand: company.tradingName,
    title,
    preheader: paragraphs[0] ?? title,
    body: [mailParagraph(escapeHtml(greeting)), ...paragraphs.map((paragraph) => mailParagraph(escapeHtml(paragraph))), invoiceBlock?.html ?? '', mailButton(action.href, action.label)].join('\n'),
    footer,
  });
  return { subject, text, html };
}

/** The invoice's particulars in the body, as text and as a table. */
function vatParticulars(document: VatDocument): { text: string[]; html: string } {
  const seller = document.seller;
  const customer = [document.customer.name, document.customer.company, ...document.customer.addressLines].filter(Boolean) as string[];
  const text = [
    `VAT invoice ${document.number}, dated ${ukDate.format(document.date)} (tax point)`,
    `From: ${seller.legalName}, ${seller.addressLines.join(', ')}. VAT registration no. ${seller.vatNumberDisplay}.`,
    `To: ${customer.join(', ')}`,
    ...(document.poNumber ? [`Your PO: ${document.poNumber}`] : []),
    '',
    ...document.lines.map((line) => `${line.qty} x ${line.description}${line.code ? ` [${line.code}]` : ''} at ${formatPounds(line.unitPrice)} ex VAT = ${formatPounds(line.net)}; VAT ${line.vatRatePercent}% ${formatPounds(line.vat)}`),
    '',
    `Total ex VAT: ${formatPounds(document.totals.net)}`,
    `VAT at 20%: ${formatPounds(document.totals.vat)}`,
    `Total inc VAT: ${formatPounds(document.totals.gross)} (pounds sterling)`,
  ];
  const cell = 'padding:6px 8px;border-bottom:1px solid #d9e2ec;font-size:13px;';
  const right = `${cell}text-align:right;white-space:nowrap;`;
  const rows = document.lines
    .map((line) =>
      `<tr><td style="${cell}">${escapeHtml(line.description)}${line.code ? `<br><span style="color:#52606d;">${escapeHtml(line.code)}</span>` : ''}</td>` +
      `<td style="${right}">${line.qty}</td><td style="${right}">${escapeHtml(formatPounds(line.unitPrice))}</td><td style="${right}">${line.vatRatePercent}%</td>` +
      `<td style="${right}">${escapeHtml(formatPounds(line.vat))}</td><td style="${right}">${escapeHtml(formatPounds(line.net))}</td></tr>`)
    .join('\n');
  const total = (label: string, amount: number, strong = false) =>
    `<tr><td colspan="5" style="${right}${strong ? 'font-weight:bold;' : ''}">${label}</td><td style="${right}${strong ? 'font-weight:bold;' : ''}">${escapeHtml(formatPounds(amount))}</td></tr>`;
  const html =
    mailParagraph(
      `<strong>VAT invoice ${escapeHtml(document.number)}</strong>, dated ${escapeHtml(ukDate.format(document.date))} (tax point).<br>` +
      `From ${escapeHtml(seller.legalName)}, ${escapeHtml(seller.addressLines.join(', '))}. VAT registration no. ${escapeHtml(seller.vatNumberDisplay)}.<br>` +
      `To ${escapeHtml(customer.join(', '))}.${document.poNumber ? `<br>Your PO: ${escapeHtml(document.poNumber)}.` : ''}`,
    ) +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">` +
    `<tr style="background:#eef2f7;"><th style="${cell}text-align:left;">Item</th><th style="${right}">Qty</th><th style="${right}">Unit ex VAT</th><th style="${right}">VAT rate</th><th style="${right}">VAT</th><th style="${right}">Total ex VAT</th></tr>\n` +
    rows + '\n' +
    total('Total ex VAT', document.totals.net) + total('VAT at 20%', document.totals.vat) + total('Total inc VAT (GBP)', document.totals.gross, true) +
    '</table>';
  return { text, html };
}

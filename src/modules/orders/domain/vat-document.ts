import { VAT_RATE_PERCENT } from '../../../shared/money.js';
import { lineDescription } from './line-description.js';
import type { Order, OrderAddress, OrderLine } from './order.entity.js';

/** Who sells: the company details of the SELLER_* settings (config/company.ts matches this shape). */
export interface VatDocumentSeller {
  legalName: string;
  tradingName: string;
  addressLines: readonly string[];
  country: string;
  vatNumberDisplay: string;
  companyNumber: string;
  phone: string;
  email: string;
  bankDetails: string;
  paymentTermsDays: number;
}

export interface VatDocumentLine {
  description: string;
  code: string | null;
  qty: number;
  /** Pence, ex VAT. */
  unitPrice: number;
  vatRatePercent: number;
  /** Pence, ex VAT. */
  net: number;
  /** This line's share of the order's VAT, so the lines add up to the total exactly. */
  vat: number;
}

/**
 * A full VAT invoice (or the credit note that cancels one) with every field HMRC asks for: a unique sequential
 * number, the date and tax point, the seller's name, address and VAT number, the customer's name and address,
 * each line's description, quantity, unit price ex VAT, VAT rate and VAT, and the totals in pounds sterling.
 * Pure data: the PDF adapter only draws it, and the e-mails quote it.
 */
export interface VatDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** Date of issue, which is also the tax point (the date the order was paid, or the refund's date). */
  date: Date;
  /** A credit note names the invoice it cancels. */
  creditsInvoice: { number: string; date: Date } | null;
  orderNumber: string;
  orderDate: Date;
  poNumber: string | null;
  seller: VatDocumentSeller;
  /** `vatNumber`: the buyer's own, from their profile, which business customers reclaim VAT with. */
  customer: { name: string | null; company: string | null; vatNumber: string | null; addressLines: string[]; email: string | null };
  lines: VatDocumentLine[];
  totals: { net: number; vat: number; gross: number };
  /** Paid (by card, when) or due (on account: by when, to which account). */
  payment: { state: 'paid'; method: string; paidAt: Date } | { state: 'due'; dueDate: Date; bankDetails: string } | { state: 'refunded'; at: Date };
}

/** The buyer's account as the document needs it (the billing address is the order's own). */
export interface VatDocumentBuyer {
  email: string;
  company: string | null;
  vatNumber: string | null;
}

/**
 * Shares `total` out over `amounts` in proportion, in whole pence, by largest remainder: the shares add up to
 * `total` exactly (the order's VAT is rounded once on the sum, product.md, so rounding per line could drift).
 */
export function shareOut(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0) return amounts.map((_, index) => (index === 0 ? total : 0));
  const exact = amounts.map((amount) => (amount * total) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

function addressLinesOf(address: OrderAddress): string[] {
  return [address.line1, address.line2, address.town, address.county, address.postcode, address.country === 'GB' ? 'United Kingdom' : address.country]
    .filter((line): line is string => Boolean(line && line.trim()));
}

const DAY_MS = 86_400_000;

/** The order's VAT invoice or credit note; null when the order has not got that document (not paid, not refunded). */
export function vatDocumentOf(
  kind: VatDocument['kind'], order: Order, lines: readonly OrderLine[], seller: VatDocumentSeller, buyer: VatDocumentBuyer | null,
): VatDocument | null {
  const invoice = order.invoiceNumber && order.invoiceDate ? { number: order.invoiceNumber, date: order.invoiceDate } : null;
  if (!invoice) return null;
  const creditNote = order.creditNoteNumber && order.creditNoteDate ? { number: order.creditNoteNumber, date: order.creditNoteDate } : null;
  if (kind === 'credit_note' && !creditNote) return null;

  const documentLines: VatDocumentLine[] = lines.map((line) => ({
    description: `${lineDescription(line.title, line.optionName)}${line.bookingLabel ? ` — ${line.bookingLabel}` : ''}`,
    code: line.code, qty: line.qty, unitPrice: line.unitPrice, vatRatePercent: VAT_RATE_PERCENT, net: line.lineTotal, vat: 0,
  }));
  if (order.delivery) {
    documentLines.push({
      description: `Delivery: ${order.delivery.name}`, code: null, qty: 1, unitPrice: order.deliveryTotal, vatRatePercent: VAT_RATE_PERCENT,
      net: order.deliveryTotal, vat: 0,
    });
  }
  shareOut(order.vat, documentLines.map((line) => line.net)).forEach((vat, index) => (documentLines[index]!.vat = vat));

  const paidAt = order.paidAt ?? invoice.date;
  const payment: VatDocument['payment'] =
    kind === 'credit_note'
      ? { state: 'refunded', at: creditNote!.date }
      : order.paymentMethod === 'card'
        ? { state: 'paid', method: 'card', paidAt }
        : order.paidAt
          ? { state: 'paid', method: 'BACS', paidAt: order.paidAt }
          : { state: 'due', dueDate: new Date(invoice.date.getTime() + seller.paymentTermsDays * DAY_MS), bankDetails: seller.bankDetails };

  return {
    kind,
    number: kind === 'invoice' ? invoice.number : creditNote!.number,
    date: kind === 'invoice' ? invoice.date : creditNote!.date,
    creditsInvoice: kind === 'credit_note' ? invoice : null,
    orderNumber: order.number,
    orderDate: order.createdAt,
    poNumber: order.poNumber,
    seller,
    customer: {
      name: order.billingAddress.name,
      company: order.billingAddress.company ?? buyer?.company ?? null,
      vatNumber: buyer?.vatNumber ?? null,
      addressLines: addressLinesOf(order.billingAddress),
      email: buyer?.email ?? null,
    },
    lines: documentLines,
    totals: { net: order.subtotal + order.deliveryTotal, vat: order.vat, gross: order.grandTotal },
    payment,
  };
}

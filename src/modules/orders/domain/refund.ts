import { DomainError } from '../../../shared/domain-error.js';
import { VAT_RATE_PERCENT } from '../../../shared/money.js';
import { lineDescription } from './line-description.js';
import { shareOut, vatDocumentOf, type VatDocument, type VatDocumentBuyer, type VatDocumentLine, type VatDocumentSeller } from './vat-document.js';
import type { Order, OrderLine } from './order.entity.js';

/** How many of one order line a refund gives back (the event's and the request's shape). */
export interface RefundedLine {
  lineId: number;
  qty: number;
}

/** What staff ask to refund (issue 28 item 7): chosen lines and quantities, the delivery whole or not at all. */
export interface RefundChoice {
  lines: RefundedLine[];
  delivery: boolean;
  /** Whether the returned goods of these lines go back into stock. */
  restock: boolean;
}

/**
 * One refund of an order with its own credit note (ADR 0045). The amounts are stored as issued; the credit note's
 * lines are worked out again from the order and the refunds before it (refundAmounts), always to the same pence.
 */
export class OrderRefund {
  id!: number;
  constructor(
    public orderId: number,
    public creditNoteNumber: string,
    public createdAt: Date,
    public lines: RefundedLine[],
    public delivery: boolean,
    public restocked: boolean,
    public net: number,
    public vat: number,
    public gross: number,
    public note: string | null = null,
    public actorId: number | null = null,
  ) {}
}

/** What is left to refund: each line's quantity not yet refunded, and whether the delivery charge is. */
export interface Refundable {
  lines: RefundedLine[];
  delivery: boolean;
}

export function refundableOf(order: Order, lines: readonly OrderLine[], refunds: readonly OrderRefund[]): Refundable {
  const refunded = refundedQuantities(refunds);
  return {
    lines: lines.map((line) => ({ lineId: line.id, qty: line.qty - (refunded.get(line.id) ?? 0) })),
    delivery: order.delivery !== null && order.deliveryTotal > 0 && !refunds.some((refund) => refund.delivery),
  };
}

/** Whether nothing is left to refund (the order is then wholly refunded). */
export function nothingLeft(refundable: Refundable): boolean {
  return !refundable.delivery && refundable.lines.every((line) => line.qty === 0);
}

/** The whole of what is left: the whole-order refund credits only this (earlier refunds were credited already). */
export function everythingLeft(refundable: Refundable, restock: boolean): RefundChoice {
  return { lines: refundable.lines.filter((line) => line.qty > 0), delivery: refundable.delivery, restock };
}

/** Whether this choice takes everything that is left, so the order becomes `refunded`. */
export function takesEverythingLeft(refundable: Refundable, choice: RefundChoice): boolean {
  const chosen = new Map(choice.lines.map((line) => [line.lineId, line.qty]));
  return refundable.delivery === choice.delivery && refundable.lines.every((line) => (chosen.get(line.lineId) ?? 0) === line.qty);
}

/** 422 with the request's field paths (`lines.1.qty`, `lines`, `delivery`, as class-validator names them). */
export class RefundInvalidError extends DomainError {
  constructor(fields: Record<string, string[]>) {
    super('invalid', 'The refund is not possible as asked.', fields);
  }
}

/** Checks a choice against what is left; throws RefundInvalidError naming every field at fault. */
export function checkRefundChoice(refundable: Refundable, choice: RefundChoice): void {
  const fields: Record<string, string[]> = {};
  const left = new Map(refundable.lines.map((line) => [line.lineId, line.qty]));
  const seen = new Set<number>();
  choice.lines.forEach((line, index) => {
    if (!left.has(line.lineId)) fields[`lines.${index}.line_id`] = ['Not a line of this order.'];
    else if (seen.has(line.lineId)) fields[`lines.${index}.line_id`] = ['This line is listed twice.'];
    else if (line.qty > left.get(line.lineId)!) {
      const most = left.get(line.lineId)!;
      fields[`lines.${index}.qty`] = [most === 0 ? 'This line is refunded already.' : `At most ${most} of this line is left to refund.`];
    }
    seen.add(line.lineId);
  });
  if (choice.delivery && !refundable.delivery) fields.delivery = ['The delivery charge is refunded already, or the order has none.'];
  if (choice.lines.length === 0 && !choice.delivery && Object.keys(fields).length === 0) fields.lines = ['Choose at least one line, or the delivery charge.'];
  if (Object.keys(fields).length > 0) throw new RefundInvalidError(fields);
}

export interface RefundAmounts {
  lines: Array<{ line: OrderLine; qty: number; net: number; vat: number }>;
  delivery: { net: number; vat: number } | null;
  totals: { net: number; vat: number; gross: number };
}

/**
 * The money of one refund, VAT per line as the invoice had it (ADR 0045): the invoice shares the order's VAT out over
 * its lines and delivery (shareOut); a refund of k of a line's n units credits the line's share up to the units
 * refunded so far, minus what earlier refunds credited — rounded on the running total, so the credit notes of a
 * line always add up to its invoiced VAT exactly, and all of an order's credit notes to its invoice.
 */
export function refundAmounts(order: Order, lines: readonly OrderLine[], earlier: readonly OrderRefund[], choice: Pick<RefundChoice, 'lines' | 'delivery'>): RefundAmounts {
  const hasDelivery = order.delivery !== null;
  const shares = shareOut(order.vat, [...lines.map((line) => line.lineTotal), ...(hasDelivery ? [order.deliveryTotal] : [])]);
  const before = refundedQuantities(earlier);
  const byId = new Map(lines.map((line, index) => [line.id, { line, share: shares[index]! }]));
  const refundLines = choice.lines.flatMap(({ lineId, qty }) => {
    const found = byId.get(lineId);
    if (!found || qty <= 0) return [];
    const { line, share } = found;
    const already = before.get(lineId) ?? 0;
    const vat = Math.round((share * (already + qty)) / line.qty) - Math.round((share * already) / line.qty);
    return [{ line, qty, net: line.unitPrice * qty, vat }];
  });
  const delivery = choice.delivery && hasDelivery ? { net: order.deliveryTotal, vat: shares[lines.length]! } : null;
  const net = refundLines.reduce((sum, line) => sum + line.net, 0) + (delivery?.net ?? 0);
  const vat = refundLines.reduce((sum, line) => sum + line.vat, 0) + (delivery?.vat ?? 0);
  return { lines: refundLines, delivery, totals: { net, vat, gross: net + vat } };
}

function refundedQuantities(refunds: readonly OrderRefund[]): Map<number, number> {
  const refunded = new Map<number, number>();
  for (const refund of refunds) for (const line of refund.lines) refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.qty);
  return refunded;
}

/**
 * The credit note of one refund: the invoice's particulars, with exactly the refunded lines and quantities (and the
 * delivery if refunded), each with its VAT as refundAmounts works it out. Null when the order has no invoice.
 */
export function creditNoteOf(
  order: Order, lines: readonly OrderLine[], refunds: readonly OrderRefund[], refund: OrderRefund, seller: VatDocumentSeller, buyer: VatDocumentBuyer | null,
): VatDocument | null {
  const invoice = vatDocumentOf('invoice', order, lines, seller, buyer);
  if (!invoice) return null;
  const amounts = refundAmounts(order, lines, refunds.filter((earlier) => earlier.id < refund.id), refund);
  const documentLines: VatDocumentLine[] = amounts.lines.map(({ line, qty, net, vat }) => ({
    description: lineDescription(line.title, line.optionName),
    code: line.code, qty, unitPrice: line.unitPrice, vatRatePercent: VAT_RATE_PERCENT, net, vat,
  }));
  if (amounts.delivery && order.delivery) {
    documentLines.push({
      description: `Delivery: ${order.delivery.name}`, code: null, qty: 1, unitPrice: amounts.delivery.net, vatRatePercent: VAT_RATE_PERCENT,
      net: amounts.delivery.net, vat: amounts.delivery.vat,
    });
  }
  return {
    ...invoice,
    kind: 'credit_note',
    number: refund.creditNoteNumber,
    date: refund.createdAt,
    creditsInvoice: { number: invoice.number, date: invoice.date },
    lines: documentLines,
    totals: amounts.totals,
    payment: { state: 'refunded', at: refund.createdAt },
  };
}

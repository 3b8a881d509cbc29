import { lineDescription } from './line-description.js';
import { toDecimalString } from '../../../shared/money.js';
import { ORDER_STATUSES, type OrderStatus } from './order-process.js';
import { shareOut } from './vat-document.js';

/**
 * The orders export (`shop orders:export`, ADR 0022): one row per order line plus one row for the order's
 * delivery, so that each order's rows add up to its totals exactly — ex VAT, VAT (the order's VAT shared out
 * over its lines and delivery by `shareOut`, as the VAT invoice does) and inc VAT. Money in pounds with two
 * decimals ("12.50"); the period is whole UK calendar days (Europe/London), timestamps ISO 8601 with the UK
 * offset of that moment ("2026-07-01T00:30:00+01:00").
 */
export const EXPORT_TIME_ZONE = 'Europe/London';

/** The columns, in order: the CSV header and the NDJSON keys. */
export const ORDER_EXPORT_COLUMNS = [
  'order_number', 'order_date', 'status', 'customer_email', 'customer_company', 'po_number', 'row_type', 'description', 'code',
  'quantity', 'unit_price_ex_vat', 'line_total_ex_vat', 'vat', 'line_total_inc_vat', 'invoice_number', 'invoice_date',
] as const;

/**
 * The columns that carry what people typed (the customer's e-mail and company, the PO, product titles and codes):
 * made spreadsheet-safe in the CSV (a leading `=`, `+`, `-` or `@` would run as a formula in Excel). Money,
 * dates and numbers are ours and stay as they are (`-5.00` on a credit is a number).
 */
export const ORDER_EXPORT_TEXT_COLUMNS: ReadonlySet<(typeof ORDER_EXPORT_COLUMNS)[number]> = new Set([
  'customer_email', 'customer_company', 'po_number', 'description', 'code',
]);

export type OrderExportRow = {
  [K in (typeof ORDER_EXPORT_COLUMNS)[number]]: K extends 'quantity' ? number : K extends 'row_type' ? 'line' | 'delivery' | 'credit_note' : string | null;
};

/** An order as the export reads it (plain values, money in pence). */
export interface ExportOrderRecord {
  id: number;
  number: string;
  customerId: number;
  status: string;
  createdAt: Date;
  poNumber: string | null;
  /** The billing address's company (as invoiced), if any. */
  billingCompany: string | null;
  delivery: { name: string; price: number } | null;
  deliveryTotal: number;
  vat: number;
  invoiceNumber: string | null;
  invoiceDate: Date | null;
}

export interface ExportLineRecord {
  orderId: number;
  title: string;
  optionName: string;
  code: string;
  unitPrice: number;
  qty: number;
  lineTotal: number;
}

/** A credit note of the order (a partial or whole refund, ADR 0045), money in pence as credited. */
export interface ExportRefundRecord {
  orderId: number;
  creditNoteNumber: string;
  createdAt: Date;
  net: number;
  vat: number;
  gross: number;
}

/** What identity knows of the customer. */
export interface ExportCustomer {
  email: string;
  company: string | null;
}

/**
 * The order's rows: its lines in position order, then its delivery (when it has one, even a free one), then one row
 * per credit note (oldest first) with the credited amounts negative and the credit note's number and date in the
 * invoice columns — so summing a period's rows gives what was invoiced less what was credited, as the books need.
 */
export function exportRowsOf(
  order: ExportOrderRecord, lines: readonly ExportLineRecord[], customer: ExportCustomer | undefined, refunds: readonly ExportRefundRecord[] = [],
): OrderExportRow[] {
  const parts: Array<{ rowType: 'line' | 'delivery'; description: string; code: string; qty: number; unitPrice: number; net: number }> = lines.map((line) => ({
    rowType: 'line', description: lineDescription(line.title, line.optionName), code: line.code,
    qty: line.qty, unitPrice: line.unitPrice, net: line.lineTotal,
  }));
  if (order.delivery) {
    parts.push({ rowType: 'delivery', description: order.delivery.name, code: '', qty: 1, unitPrice: order.deliveryTotal, net: order.deliveryTotal });
  }
  const vats = shareOut(order.vat, parts.map((part) => part.net));
  const common = {
    order_number: order.number,
    order_date: ukIsoTimestamp(order.createdAt),
    status: order.status,
    customer_email: customer?.email ?? null,
    // As invoiced (the billing address), else the account's company.
    customer_company: order.billingCompany ?? customer?.company ?? null,
    po_number: order.poNumber,
  };
  const rows: OrderExportRow[] = parts.map((part, index) => ({
    ...common,
    row_type: part.rowType,
    description: part.description,
    code: part.code || null,
    quantity: part.qty,
    unit_price_ex_vat: toDecimalString(part.unitPrice),
    line_total_ex_vat: toDecimalString(part.net),
    vat: toDecimalString(vats[index]!),
    line_total_inc_vat: toDecimalString(part.net + vats[index]!),
    invoice_number: order.invoiceNumber,
    invoice_date: order.invoiceDate ? ukIsoTimestamp(order.invoiceDate) : null,
  }));
  for (const refund of refunds) {
    rows.push({
      ...common,
      row_type: 'credit_note',
      description: `Credit note ${refund.creditNoteNumber}`,
      code: null,
      quantity: 1,
      unit_price_ex_vat: toDecimalString(-refund.net),
      line_total_ex_vat: toDecimalString(-refund.net),
      vat: toDecimalString(-refund.vat),
      line_total_inc_vat: toDecimalString(-refund.gross),
      invoice_number: refund.creditNoteNumber,
      invoice_date: ukIsoTimestamp(refund.createdAt),
    });
  }
  return rows;
}

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: EXPORT_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** UK offsets only ever change on the hour (at 01:00 UTC), so one Intl look-up per hour serves every timestamp in it. */
const offsetByHour = new Map<number, number>();

/** The UK offset from UTC at `at`, in minutes (0 in winter, 60 in summer). */
function ukOffsetMinutes(at: number): number {
  const hour = Math.floor(at / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const instant = hour * 3_600_000;
    const parts = Object.fromEntries(ukParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const [y, mo, d, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) => Number(parts[type]));
    offset = Math.round((Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - instant) / 60_000);
    // Bounded: a few years of hours at most, however many timestamps.
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The UK wall-clock time of `at` and its offset from UTC in minutes. */
function ukWallClock(at: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number; offset: number } {
  const ms = Math.floor(at.getTime() / 1000) * 1000;
  const offset = ukOffsetMinutes(ms);
  const wall = new Date(ms + offset * 60_000);
  return { y: wall.getUTCFullYear(), mo: wall.getUTCMonth() + 1, d: wall.getUTCDate(), h: wall.getUTCHours(), mi: wall.getUTCMinutes(), s: wall.getUTCSeconds(), offset };
}

const two = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 in UK time with its offset, to the second: `2026-07-01T00:30:00+01:00`, `2026-01-15T09:05:00+00:00`. */
export function ukIsoTimestamp(at: Date): string {
  const { y, mo, d, h, mi, s, offset } = ukWallClock(at);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** The UK calendar date at `at` (the dashboard's "today"). */
export function ukCalendarDateOf(at: Date): CalendarDate {
  const { y, mo, d } = ukWallClock(at);
  return { year: y, month: mo, day: d };
}

/** The instant a UK calendar day starts (midnight in London, which is never skipped or repeated: the clocks change at 01:00 UTC). */
export function ukDayStart(date: { year: number; month: number; day: number }): Date {
  const utcMidnight = Date.UTC(date.year, date.month - 1, date.day);
  // The offset an hour before UTC midnight is the offset at UK midnight on every day of the year.
  let guess = utcMidnight - ukWallClock(new Date(utcMidnight - 3_600_000)).offset * 60_000;
  guess = utcMidnight - ukWallClock(new Date(guess)).offset * 60_000;
  return new Date(guess);
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** `2026-03-01` → the date, or why not. Only real dates in YYYY-MM-DD. */
export function parseCalendarDate(text: string): CalendarDate | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return `"${text}" is not a date; write it as YYYY-MM-DD, such as 2026-03-01.`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return `"${text}" is not a calendar date.`;
  }
  return { year, month, day };
}

/** The instants an export covers: from the start of the first day up to (not including) the start of the day after the last. */
export interface ExportPeriod {
  start: Date;
  end: Date;
}

/** `--from` and `--to`, both inclusive whole UK days, or the problems with them. */
export function exportPeriod(from: string, to: string): { period: ExportPeriod } | { problems: string[] } {
  const first = parseCalendarDate(from);
  const last = parseCalendarDate(to);
  const problems = [
    ...(typeof first === 'string' ? [`--from: ${first}`] : []),
    ...(typeof last === 'string' ? [`--to: ${last}`] : []),
  ];
  if (typeof first === 'string' || typeof last === 'string') return { problems };
  const start = ukDayStart(first);
  const next = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  const end = ukDayStart({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
  if (start >= end) return { problems: [`--from (${from.trim()}) is after --to (${to.trim()}).`] };
  return { period: { start, end } };
}

/** `--status` values, each repeatable or comma-separated: the statuses, or the unknown ones. Empty means every status. */
export function parseStatuses(values: readonly string[]): { statuses: OrderStatus[] } | { problem: string } {
  const wanted = values.flatMap((value) => value.split(',')).map((value) => value.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((value) => !(ORDER_STATUSES as readonly string[]).includes(value));
  if (unknown.length > 0) {
    return { problem: `Unknown status${unknown.length > 1 ? 'es' : ''}: ${unknown.join(', ')}. Choose from ${ORDER_STATUSES.join(', ')}.` };
  }
  return { statuses: [...new Set(wanted)] as OrderStatus[] };
}

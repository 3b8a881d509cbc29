import { ukCalendarDateOf, ukDayStart, type CalendarDate } from '../../orders/index.js';

/** A UK calendar day (or month so far) as the instants that bound it: from London midnight, up to the next. */
export interface SalesPeriod {
  /** YYYY-MM-DD, the UK date the period starts. */
  date: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

const isoDate = (date: CalendarDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** The calendar day `offset` days after `date` (negative: before), across month and year ends. */
function addDays(date: CalendarDate, offset: number): CalendarDate {
  const noon = new Date(Date.UTC(date.year, date.month - 1, date.day + offset, 12));
  return { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
}

/**
 * The dashboard's periods at `now`: the last `count` UK days, oldest first and today last (a day the clocks change
 * is 23 or 25 hours long), and the UK month so far (from the 1st's London midnight to the end of today).
 */
export function salesPeriods(now: Date, count: number): { days: SalesPeriod[]; month: SalesPeriod } {
  const today = ukCalendarDateOf(now);
  const days = Array.from({ length: count }, (_, index) => {
    const day = addDays(today, index - (count - 1));
    return { date: isoDate(day), from: ukDayStart(day), to: ukDayStart(addDays(day, 1)) };
  });
  const first = { year: today.year, month: today.month, day: 1 };
  return { days, month: { date: isoDate(first), from: ukDayStart(first), to: ukDayStart(addDays(today, 1)) } };
}

// Money as the pages show it, apart from format.ts's dates and file sizes: every storefront page shows prices, few show
// a date, and a module is one piece of a chunk, so the catalogue pages' first script need not carry the rest (ADR 0064).

/**
 * "£1,234.50" from integer pence. Built with integer arithmetic rather than Intl so that the server and
 * the browser render the very same text (hydration) and no float ever touches money.
 */
export function formatPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) return '';
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.50" from integer pence: the plain two-decimal amount (structured data, machine-read prices). */
export function decimalPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) return '';
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money is integer pence in the domain and the database; it becomes pounds only at the edges.
 * VAT is 20% of the subtotal, computed once and rounded half-up to the penny (product.md).
 */
export const VAT_RATE_PERCENT = 20;

export type Pence = number & { readonly __brand?: 'pence' };

export function assertPence(value: number): Pence {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of pence: ${value}`);
  return value;
}

/** Half-up rounding of subtotal × 20 / 100, done in integers so no float ever touches money. */
export function vatOn(subtotal: Pence): Pence {
  assertPence(subtotal);
  const sign = subtotal < 0 ? -1 : 1;
  const scaled = Math.abs(subtotal) * VAT_RATE_PERCENT;
  return sign * Math.floor((scaled + 50) / 100);
}

/** "1234.50": the seed's two-decimal amount, as the API returns it. */
export function toDecimalString(amount: Pence): string {
  assertPence(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£1,234.50": for people. */
export function formatPounds(amount: Pence): string {
  assertPence(amount);
  return gbp.format(amount / 100);
}

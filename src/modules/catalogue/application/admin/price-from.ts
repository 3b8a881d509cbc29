/**
 * A product's `price_from`: the lowest price among its ACTIVE options, null when none is active (the
 * storefront then shows no price and the product sorts last by price).
 */
export function lowestActivePrice(options: ReadonlyArray<{ price: number; active: boolean }>): number | null {
  let lowest: number | null = null;
  for (const option of options) {
    if (option.active && (lowest === null || option.price < lowest)) lowest = option.price;
  }
  return lowest;
}

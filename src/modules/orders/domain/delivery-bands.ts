/**
 * Which delivery types fit a basket (product.md): only active types whose weight band holds the basket's
 * weight, both ends inclusive (a 2,000 g basket still goes in a 0–2,000 g band), cheapest first after the
 * admin's sort order. A basket with nothing physical needs no delivery at all: the checkout offers the free
 * "Digital delivery" instead of any of these.
 */
export interface DeliveryBand {
  id: number;
  price: number;
  minWeight: number;
  maxWeight: number | null;
  active: boolean;
  sortOrder: number;
}

export function fitsBand(band: DeliveryBand, weight: number): boolean {
  return band.active && weight >= band.minWeight && (band.maxWeight === null || weight <= band.maxWeight);
}

export function deliveryTypesFor<T extends DeliveryBand>(types: readonly T[], weight: number): T[] {
  return types.filter((type) => fitsBand(type, weight)).sort((a, b) => a.sortOrder - b.sortOrder || a.price - b.price || a.id - b.id);
}

/** The free delivery of a basket with nothing physical: not a row, so staff cannot price or delete it. */
export const DIGITAL_DELIVERY = { id: 0, name: 'Digital delivery', price: 0 } as const;

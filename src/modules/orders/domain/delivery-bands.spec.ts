import { deliveryTypesFor, fitsBand, type DeliveryBand } from './delivery-bands.js';

const band = (id: number, minWeight: number, maxWeight: number | null, price = 100, fields: Partial<DeliveryBand> = {}): DeliveryBand => ({
  id, price, minWeight, maxWeight, active: true, sortOrder: 0, ...fields,
});

describe('delivery bands', () => {
  const tracked48 = band(1, 0, 2000, 395);
  const parcel = band(2, 0, 30_000, 995);
  const heavy = band(3, 2001, null, 2500);

  it('includes both ends of a band', () => {
    expect(fitsBand(tracked48, 0)).toBe(true);
    expect(fitsBand(tracked48, 2000)).toBe(true);
    expect(fitsBand(tracked48, 2001)).toBe(false);
    expect(fitsBand(heavy, 2000)).toBe(false);
    expect(fitsBand(heavy, 2001)).toBe(true);
  });

  it('has no upper bound when max is null', () => {
    expect(fitsBand(heavy, 5_000_000)).toBe(true);
  });

  it('never offers an inactive type', () => {
    expect(fitsBand({ ...tracked48, active: false }, 100)).toBe(false);
  });

  it('offers the types that fit, by sort order then price', () => {
    expect(deliveryTypesFor([heavy, parcel, tracked48], 2000).map((t) => t.id)).toEqual([1, 2]);
    expect(deliveryTypesFor([heavy, parcel, tracked48], 2001).map((t) => t.id)).toEqual([2, 3]);
    expect(deliveryTypesFor([heavy, parcel, tracked48], 30_001).map((t) => t.id)).toEqual([3]);
    expect(deliveryTypesFor([band(4, 0, null, 10, { sortOrder: 5 }), band(5, 0, null, 999)], 1).map((t) => t.id)).toEqual([5, 4]);
  });
});

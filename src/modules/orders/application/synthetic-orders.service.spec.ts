import type { SyntheticOrderStore } from './ports/synthetic-order-store.port.js';
import { customersFor, SyntheticOrderGenerator } from './synthetic-orders.service.js';

function fakeStore(options = 10) {
  const chunks: Array<{ count: number; from: Date; to: Date; vat: number }> = [];
  const store: SyntheticOrderStore & { chunks: typeof chunks; analysed: number } = {
    chunks,
    analysed: 0,
    countOrderableOptions: async () => options,
    ensureCustomers: async (wanted) => ({ customers: wanted, added: wanted - 1 }),
    insertChunk: async (count, window, vat) => {
      chunks.push({ count, ...window, vat });
      return { orders: count, lines: count * 3, invoices: count - 1, creditNotes: 1 };
    },
    analyse: async () => {
      store.analysed += 1;
    },
  };
  return store;
}

describe('synthetic orders', () => {
  it('spreads orders over one customer per 20 orders, from 10 to 50,000', () => {
    expect([1, 200, 201, 25_000, 1_000_000].map(customersFor)).toEqual([10, 10, 11, 1250, 50_000]);
  });

  it('writes chunks of 5,000 whose windows follow each other through the last 12 months', async () => {
    const store = fakeStore();
    const progress: number[] = [];
    const before = Date.now();
    const result = await new SyntheticOrderGenerator(store).generate({ orders: 12_001 }, (done) => progress.push(done));
    expect(store.chunks.map((chunk) => chunk.count)).toEqual([5000, 5000, 2001]);
    expect(store.chunks.every((chunk) => chunk.vat === 20)).toBe(true);
    expect(store.chunks[0]!.from.getTime()).toBeGreaterThanOrEqual(before - 365 * 86_400_000);
    expect(store.chunks[0]!.from.getTime()).toBeLessThanOrEqual(Date.now() - 365 * 86_400_000);
    expect(store.chunks[1]!.from).toEqual(store.chunks[0]!.to);
    expect(store.chunks[2]!.from).toEqual(store.chunks[1]!.to);
    expect(Math.abs(store.chunks[2]!.to.getTime() - Date.now())).toBeLessThan(5000);
    expect(progress).toEqual([0, 5000, 10_000, 12_001]);
    expect(result).toMatchObject({ orders: 12_001, lines: 36_003, invoices: 11_998, creditNotes: 3, customers: 601, customersAdded: 600 });
    expect(store.analysed).toBe(1);
  });

  it('spreads them over as many years as asked, the last chunk ending now', async () => {
    const store = fakeStore();
    const before = Date.now();
    await new SyntheticOrderGenerator(store).generate({ orders: 10_000, years: 5 });
    expect(store.chunks[0]!.from.getTime()).toBeGreaterThanOrEqual(before - 5 * 365 * 86_400_000);
    expect(store.chunks[0]!.from.getTime()).toBeLessThanOrEqual(Date.now() - 5 * 365 * 86_400_000);
    expect(store.chunks[1]!.from.getTime()).toBeLessThan(Date.now() - 2 * 365 * 86_400_000);
    expect(Math.abs(store.chunks[1]!.to.getTime() - Date.now())).toBeLessThan(5000);
    for (const years of [0, 1.5, 11]) {
      await expect(new SyntheticOrderGenerator(fakeStore()).generate({ orders: 5, years })).rejects.toMatchObject({ fields: { years: ['must be a whole number from 1 to 10.'] } });
    }
  });

  it('refuses a bad count or an empty catalogue before writing anything', async () => {
    for (const orders of [0, 1.5, 1_000_001]) {
      const store = fakeStore();
      await expect(new SyntheticOrderGenerator(store).generate({ orders })).rejects.toMatchObject({ fields: { orders: ['must be a whole number from 1 to 1,000,000.'] } });
      expect(store.chunks).toEqual([]);
    }
    const empty = fakeStore(0);
    await expect(new SyntheticOrderGenerator(empty).generate({ orders: 5 })).rejects.toThrow(/nothing to order/);
    expect(empty.chunks).toEqual([]);
  });
});

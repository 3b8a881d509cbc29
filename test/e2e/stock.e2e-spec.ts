import { MikroORM, RequestContext } from '@mikro-orm/core';
import { OutOfStockError, StockService } from '../../src/modules/catalogue/index.js';
import { Transactions } from '../../src/platform/persistence/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The catalogue's stock as the orders module uses it (ADR 0016): taken atomically per order, given back once. */
describe('Stock (catalogue)', () => {
  let shop: TestApp;
  let stock: StockService;
  let transactions: Transactions;
  let orm: MikroORM;

  beforeAll(async () => {
    shop = await startTestApp();
    stock = shop.app.get(StockService);
    transactions = shop.app.get(Transactions);
    orm = shop.app.get(MikroORM);
  });
  afterAll(() => shop.close());

  const inContext = <T>(work: () => Promise<T>) => RequestContext.create(orm.em, work);
  const qtyOf = async (optionId: number) => (await shop.sql<{ qty: number | null }>('select qty from product_options where id = ?', [optionId]))[0]!.qty;

  it('describes options for sale, and says which are not', async () => {
    const product = await createProduct(shop.sql, { title: 'Manual Handling DVD', options: [{ name: 'DVD', price: 4999, weight: 180, qty: 3 }, { active: false }] });
    const draft = await createProduct(shop.sql, { status: 'draft' });
    const described = await inContext(() => stock.describe([...product.optionIds, draft.optionIds[0]!, 999_999]));
    expect(described.size).toBe(3);
    expect(described.get(product.optionIds[0]!)).toMatchObject({
      productId: product.id, productTitle: 'Manual Handling DVD', name: 'DVD', price: 4999, weight: 180, qty: 3, kind: 'physical', forSale: true,
    });
    expect(described.get(product.optionIds[1]!)?.forSale).toBe(false);
    expect(described.get(draft.optionIds[0]!)?.forSale).toBe(false);
  });

  it('lets exactly one of 20 racing orders take the last unit', async () => {
    const { optionIds: [optionId] } = await createProduct(shop.sql, { options: [{ qty: 1 }] });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => inContext(() => transactions.run(() => stock.take(10_000 + index, [{ optionId: optionId!, qty: 1 }])))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect(await qtyOf(optionId!)).toBe(0);
    expect(await shop.sql('select order_id from stock_reservations where option_id = ?', [optionId])).toHaveLength(1);
  });

  it('rolls back earlier lines when a later one is short, and gives back exactly once', async () => {
    const { optionIds: [plenty, scarce] } = await createProduct(shop.sql, { options: [{ qty: 10 }, { qty: 1 }] });
    await expect(inContext(() => transactions.run(() => stock.take(20_001, [{ optionId: plenty!, qty: 2 }, { optionId: scarce!, qty: 2 }])))).rejects.toThrow(
      /Only 1 .* left in stock/,
    );
    expect(await qtyOf(plenty!)).toBe(10);

    await inContext(() => transactions.run(() => stock.take(20_002, [{ optionId: plenty!, qty: 2 }, { optionId: plenty!, qty: 1 }, { optionId: scarce!, qty: 1 }])));
    expect(await qtyOf(plenty!)).toBe(7);
    expect(await qtyOf(scarce!)).toBe(0);
    const back = await inContext(() => stock.giveBack(20_002));
    expect(back.sort((a, b) => a.optionId - b.optionId)).toEqual([{ optionId: plenty!, qty: 3 }, { optionId: scarce!, qty: 1 }]);
    expect(await inContext(() => stock.giveBack(20_002))).toEqual([]);
    expect(await qtyOf(plenty!)).toBe(10);
    expect(await qtyOf(scarce!)).toBe(1);
  });

  it('never limits unlimited options, and refuses one that is not for sale', async () => {
    const { optionIds: [unlimited, inactive] } = await createProduct(shop.sql, { options: [{ qty: null, kind: 'download' }, { qty: 5, active: false }] });
    await inContext(() => transactions.run(() => stock.take(30_001, [{ optionId: unlimited!, qty: 500 }])));
    expect(await qtyOf(unlimited!)).toBeNull();
    await expect(inContext(() => transactions.run(() => stock.take(30_002, [{ optionId: inactive!, qty: 1 }])))).rejects.toThrow(/no longer for sale/);
  });
});

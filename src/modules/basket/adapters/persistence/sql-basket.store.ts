import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { BasketOwner, BasketStore, StoredBasket, StoredBasketItem } from '../../application/ports/basket-store.port.js';

interface ItemRow {
  basket_id: number;
  id: number | null;
  option_id: number | null;
  qty: number | null;
  price_seen: number | null;
  booking_ref: string | null;
}

/**
 * Baskets in SQL. Every change runs inside the service's transaction with the basket row locked (`for update`),
 * so two tabs pressing "+" at once apply one after the other instead of both writing the same old quantity.
 */
@Injectable()
export class SqlBasketStore implements BasketStore {
  constructor(private readonly em: EntityManager) {}

  async find(owner: BasketOwner, lock = false): Promise<StoredBasket | null> {
    const [column, value] = ownerColumn(owner);
    if (lock) {
      const locked = await this.query<{ id: number }>(`select id from baskets where ${column} = ? for update`, [value]);
      if (locked.length === 0) return null;
    }
    // One statement for the basket and its items (a left join keeps an empty basket).
    const rows = await this.query<ItemRow>(
      `select b.id as basket_id, i.id, i.option_id, i.qty, i.price_seen, i.booking_ref
       from baskets b left join basket_items i on i.basket_id = b.id
       where b.${column} = ?
       order by i.id desc`,
      [value],
    );
    if (rows.length === 0) return null;
    const items: StoredBasketItem[] = rows
      .filter((row) => row.id !== null)
      .map((row) => ({ id: Number(row.id), optionId: Number(row.option_id), qty: Number(row.qty), priceSeen: Number(row.price_seen), bookingRef: row.booking_ref ?? null }));
    return { id: Number(rows[0]!.basket_id), items };
  }

  async findOrCreate(owner: BasketOwner): Promise<StoredBasket> {
    const [column, value] = ownerColumn(owner);
    await this.query(`insert into baskets (${column}) values (?) on conflict (${column}) do nothing`, [value]);
    const basket = await this.find(owner, true);
    if (!basket) throw new Error('A basket just created is missing.');
    return basket;
  }

  async addItem(basketId: number, optionId: number, priceSeen: number, qty = 1, bookingRef: string | null = null): Promise<void> {
    await this.query(
      'insert into basket_items (basket_id, option_id, qty, price_seen, booking_ref) values (?, ?, ?, ?, ?)',
      [basketId, optionId, qty, priceSeen, bookingRef],
    );
    await this.touch(basketId);
  }

  async setQty(itemId: number, qty: number, priceSeen: number): Promise<void> {
    await this.query(
      `with item as (update basket_items set qty = ?, price_seen = ? where id = ? returning basket_id)
       update baskets set updated_at = now() where id in (select basket_id from item)`,
      [qty, priceSeen, itemId],
    );
  }

  async removeItem(itemId: number): Promise<void> {
    await this.query(
      `with item as (delete from basket_items where id = ? returning basket_id)
       update baskets set updated_at = now() where id in (select basket_id from item)`,
      [itemId],
    );
  }

  async clear(basketId: number): Promise<void> {
    await this.query('delete from basket_items where basket_id = ?', [basketId]);
    await this.touch(basketId);
  }

  async remove(basketId: number): Promise<void> {
    await this.query('delete from baskets where id = ?', [basketId]);
  }

  async mergeInto(from: number, to: number, maxQty: number): Promise<void> {
    await this.query(
      `insert into basket_items (basket_id, option_id, qty, price_seen, added_at, booking_ref)
       select ?, option_id, least(qty, ?), price_seen, added_at, booking_ref from basket_items where basket_id = ? order by id
       on conflict (basket_id, option_id, (coalesce(booking_ref, ''))) do update set qty = least(basket_items.qty + excluded.qty, ?)`,
      [to, maxQty, from, maxQty],
    );
    await this.query('delete from baskets where id = ?', [from]);
    await this.touch(to);
  }

  async touch(basketId: number): Promise<void> {
    await this.query('update baskets set updated_at = now() where id = ?', [basketId]);
  }

  async sweepGuests(before: Date): Promise<number> {
    const rows = await this.query<{ id: number }>('delete from baskets where user_id is null and updated_at < ? returning id', [before]);
    return rows.length;
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}

function ownerColumn(owner: BasketOwner): ['user_id', number] | ['token_hash', string] {
  return 'userId' in owner ? ['user_id', owner.userId] : ['token_hash', owner.tokenHash];
}

import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { SyntheticOrderChunk, SyntheticOrderStore } from '../../application/ports/synthetic-order-store.port.js';

type Run = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

const ORDERABLE = `product_options po join products p on p.id = po.product_id where po.active and p.status = 'published'`;

/**
 * Synthetic orders in a few set-based statements per chunk of orders (ADR 0022). The chunk's new order ids are
 * kept in a temporary table dropped at commit, so the follow-up updates touch only this chunk's orders (never a
 * real order placed meanwhile). Choices are random(); the lines' options and quantities come from hashtext of the
 * order id, so they vary per order.
 */
@Injectable()
export class SqlSyntheticOrderStore implements SyntheticOrderStore {
  constructor(private readonly em: EntityManager) {}

  async countOrderableOptions(): Promise<number> {
    const [row] = await this.em.getConnection().execute<Array<{ count: number }>>(`select count(*)::int as count from ${ORDERABLE}`);
    return row?.count ?? 0;
  }

  async ensureCustomers(wanted: number): Promise<{ customers: number; added: number }> {
    return this.em.transactional(async (em) => {
      const run: Run = (sql, params = []) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext());
      const [existing] = await run<{ count: number; max_id: number }>(`select count(*) filter (where role = 'customer')::int as count, coalesce(max(id), 0)::int as max_id from users`);
      const missing = Math.max(0, wanted - existing!.count);
      if (missing === 0) return { customers: existing!.count, added: 0 };
      const added = await run<{ id: number }>(
        `insert into users (email, first_name, last_name, company_name, billing_address)
         select 'synthetic.customer.' || (? + g) || '@example.test',
                (array['Alex','Sam','Jo','Priya','Tom','Aisha','Rhys','Megan','Callum','Fatima'])[1 + g % 10],
                (array['Smith','Jones','Patel','Williams','Brown','Taylor','Khan','Evans','Wilson','Murphy','Hughes'])[1 + g % 11],
                case when g % 4 = 0 then null
                     else (array['Acme Training','Northern Builders','Riverside Care','Summit Logistics','Harbour Foods','Pennine Engineering','Castle Facilities'])[1 + g % 7]
                          || (array[' Ltd',' plc',' LLP'])[1 + g % 3] end,
                jsonb_build_object('line1', (1 + g % 240) || ' ' || (array['High Street','Station Road','Mill Lane','Church Street','Park Road'])[1 + g % 5],
                  'line2', null, 'town', (array['Leeds','Manchester','Bristol','Glasgow','Cardiff','Norwich','York','Belfast'])[1 + g % 8],
                  'county', null, 'postcode', (array['LS1','M2','BS1','G1','CF10','NR1','YO1','BT1'])[1 + g % 8] || ' ' || (1 + g % 9) || 'AB', 'country', 'GB')
         from generate_series(1, ?) g
         on conflict do nothing
         returning id`,
        [existing!.max_id, missing],
      );
      return { customers: existing!.count + added.length, added: added.length };
    });
  }

  insertChunk(count: number, window: { from: Date; to: Date }, vatRatePercent: number): Promise<SyntheticOrderChunk> {
    return this.em.transactional(async (em) => {
      const run: Run = (sql, params = []) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext());
      await run('create temporary table synthetic_chunk (id integer primary key, status varchar(20) not null) on commit drop');
      // The orders, totals still 0: placed at random moments of the window, mostly paid or further along.
      await run(
        `with customers as (
           select array_agg(id order by id) as ids from users where role = 'customer'
         ), plan as (
           select g, random() as r_status, random() as r_customer, random() as r_heavy, random() as r_po,
                  date_trunc('second', ?::timestamptz + random() * (?::timestamptz - ?::timestamptz)) as placed
           from generate_series(1, ?) g
         ), placed as (
           insert into orders (number, customer_id, status, billing_address, delivery_address, delivery, subtotal, delivery_total, vat, grand_total,
                               po_number, payment_method, payment_provider, paid_at, created_at, updated_at)
           select 'HS-' || nextval('order_number_seq'), u.id, s.status,
                  jsonb_build_object('name', u.first_name || ' ' || u.last_name, 'company', u.company_name,
                    'line1', coalesce(u.billing_address ->> 'line1', '1 High Street'), 'line2', u.billing_address ->> 'line2',
                    'town', coalesce(u.billing_address ->> 'town', 'Leeds'), 'county', u.billing_address ->> 'county',
                    'postcode', coalesce(u.billing_address ->> 'postcode', 'LS1 1AB'), 'country', 'GB'),
                  null, null, 0, 0, 0, 0,
                  case when plan.r_po < 0.3 then 'PO-' || (10000 + floor(plan.r_po * 300000))::int end,
                  'card', 'synthetic',
                  case when s.status in ('pending_payment', 'cancelled') then null else plan.placed + interval '2 minutes' end,
                  plan.placed, plan.placed + interval '2 minutes'
           from plan
           cross join customers
           -- A tenth of the orders go to the first customer in 250 (~500 orders each at 1M over 50k): the heavy buyers.
           join users u on u.id = customers.ids[1 + floor(plan.r_customer * case when plan.r_heavy < 0.1 then greatest(1, cardinality(customers.ids) / 250)
                                                                                  else cardinality(customers.ids) end)::int]
           -- Orders older than 60 days have been seen through (completed, cancelled or refunded), as in a real shop: the
           -- work queues (to dispatch, awaiting payment) hold the last weeks' orders, whatever the length of the history.
           cross join lateral (select case when plan.placed < now() - interval '60 days' then
                                             case when plan.r_status < 0.90 then 'completed' when plan.r_status < 0.95 then 'cancelled'
                                                  when plan.r_status < 0.98 then 'refunded' else 'completed' end
                                           when plan.r_status < 0.55 then 'completed' when plan.r_status < 0.75 then 'paid'
                                           when plan.r_status < 0.83 then 'processing' when plan.r_status < 0.90 then 'dispatched'
                                           when plan.r_status < 0.95 then 'cancelled' when plan.r_status < 0.98 then 'refunded'
                                           else 'pending_payment' end as status) s
           returning id, status
         )
         insert into synthetic_chunk (id, status) select id, status from placed`,
        [window.from.toISOString(), window.to.toISOString(), window.from.toISOString(), count],
      );
      // A temporary table has no statistics: without them the joins below guess one row and walk all of `orders`.
      await run('analyze synthetic_chunk');
      // 1–5 distinct options per order, 1–3 of each mostly, at the option's price ex VAT.
      const [lines] = await run<{ count: number }>(
        `with options as (
           select array_agg(po.id order by po.id) as ids from ${ORDERABLE}
         ), picks as (
           select distinct on (c.id, pick.option_id) c.id as order_id, k, pick.option_id,
                  case when (hashtext(c.id || 'q' || k) & 2147483647) % 10 < 7 then 1 when (hashtext(c.id || 'q' || k) & 2147483647) % 10 < 9 then 2
                       else 3 + (hashtext(c.id || 'q' || k) & 2147483647) % 8 end as qty
           from synthetic_chunk c
           cross join options
           cross join lateral generate_series(1, 1 + (hashtext(c.id || 'n') & 2147483647) % 5) k
           cross join lateral (select options.ids[1 + (hashtext(c.id || 'o' || k) & 2147483647) % cardinality(options.ids)] as option_id) pick
           order by c.id, pick.option_id, k
         ), inserted as (
           insert into order_lines (order_id, position, product_id, option_id, title, option_name, code, kind, unit_price, qty, line_total)
           select picks.order_id, row_number() over (partition by picks.order_id order by picks.k), po.product_id, po.id, p.title, po.name, po.code,
                  po.kind, po.price, case when po.kind = 'physical' then picks.qty else 1 end,
                  po.price * case when po.kind = 'physical' then picks.qty else 1 end
           from picks join product_options po on po.id = picks.option_id join products p on p.id = po.product_id
           returning 1
         )
         select count(*)::int as count from inserted`,
      );
      // Totals as checkout computes them: goods, delivery (the first active type) when anything is physical, VAT once on the sum.
      await run(
        `update orders o set subtotal = t.subtotal,
                delivery = case when t.physical then jsonb_build_object('name', d.name, 'price', d.price) end,
                delivery_total = case when t.physical then d.price else 0 end,
                delivery_address = case when t.physical then o.billing_address end
         from (select l.order_id, sum(l.line_total)::int as subtotal, bool_or(l.kind = 'physical') as physical
               from order_lines l join synthetic_chunk c on c.id = l.order_id group by l.order_id) t,
              (select coalesce((select name from delivery_types where active order by sort_order, id limit 1), 'Royal Mail Tracked 48') as name,
                      coalesce((select price from delivery_types where active order by sort_order, id limit 1), 395) as price) d
         where o.id = t.order_id`,
      );
      await run(
        `update orders o set vat = v.vat, grand_total = o.subtotal + o.delivery_total + v.vat,
                tracking_number = case when o.status in ('dispatched', 'completed') and o.delivery is not null then 'SYN' || lpad(o.id::text, 9, '0') end
         from (select o2.id, ((o2.subtotal + o2.delivery_total) * ? + 50) / 100 as vat from orders o2 join synthetic_chunk c on c.id = o2.id) v
         where o.id = v.id`,
        [vatRatePercent],
      );
      const invoices = await this.number(run, 'invoice');
      const creditNotes = await this.refund(run, vatRatePercent);
      await run(
        `insert into order_history (order_id, from_status, to_status, at)
         select o.id, null, 'pending_payment', o.created_at from orders o join synthetic_chunk c on c.id = o.id
         union all
         select o.id, 'pending_payment', o.status, coalesce(o.paid_at, o.created_at + interval '30 minutes')
         from orders o join synthetic_chunk c on c.id = o.id where o.status <> 'pending_payment'`,
      );
      return { orders: count, lines: lines!.count, invoices, creditNotes };
    });
  }

  /**
   * Refunds as the real refund writes them (ADR 0045), so the export lists their credit notes: a row in
   * `order_refunds` with its own credit note, and its lines. A refunded order is refunded whole a week after payment
   * (its credit note also on the order, as OrderProcess keeps it); about one completed or dispatched order in 30 has
   * one unit of its first line refunded a fortnight after payment. Numbered from the credit-note counter in date
   * order, as the invoices are.
   */
  private async refund(run: Run, vatRatePercent: number): Promise<number> {
    await run(
      `create temporary table synthetic_refunds on commit drop as
       select o.id as order_id, o.status = 'refunded' as whole,
              least(now(), o.paid_at + case when o.status = 'refunded' then interval '7 days' else interval '14 days' end) as at
       from orders o join synthetic_chunk c on c.id = o.id
       where o.paid_at is not null
         and (o.status = 'refunded' or (o.status in ('completed', 'dispatched') and (hashtext(o.id || 'r') & 2147483647) % 30 = 0))`,
    );
    const [{ count }] = (await run<{ count: number }>('select count(*)::int as count from synthetic_refunds')) as [{ count: number }];
    if (count === 0) return 0;
    const [{ last }] = (await run<{ last: number }>(
      `update document_counters set last_value = last_value + ? where series = 'credit_note' returning last_value as last`, [count],
    )) as [{ last: number }];
    await run(
      `insert into order_refunds (order_id, credit_note_number, created_at, delivery, restocked, net, vat, gross)
       select r.order_id, 'CN-' || lpad(r.n::text, greatest(6, length(r.n::text)), '0'), r.at,
              r.whole and o.delivery is not null, false,
              case when r.whole then o.subtotal + o.delivery_total else l.unit_price end,
              case when r.whole then o.vat else (l.unit_price * ? + 50) / 100 end,
              case when r.whole then o.grand_total else l.unit_price + (l.unit_price * ? + 50) / 100 end
       from (select s.*, ? - ? + row_number() over (order by s.at, s.order_id) as n from synthetic_refunds s) r
       join orders o on o.id = r.order_id
       join order_lines l on l.order_id = r.order_id and l.position = 1`,
      [vatRatePercent, vatRatePercent, Number(last), count],
    );
    await run(
      `insert into order_refund_lines (refund_id, order_line_id, qty)
       select f.id, l.id, case when r.whole then l.qty else 1 end
       from synthetic_refunds r join order_refunds f on f.order_id = r.order_id join order_lines l on l.order_id = r.order_id
       where r.whole or l.position = 1`,
    );
    await run(
      `update orders o set credit_note_number = f.credit_note_number, credit_note_date = f.created_at
       from synthetic_refunds r join order_refunds f on f.order_id = r.order_id
       where r.whole and o.id = r.order_id`,
    );
    return count;
  }

  /**
   * Numbers the chunk's paid orders from the series' counter, in date order: the counter row is
   * bumped first by exactly how many numbers are given out (its row lock makes a concurrent payment wait), so the
   * series has no gap and no number twice.
   */
  private async number(run: Run, series: 'invoice'): Promise<number> {
    const due = 'o.paid_at is not null';
    const [{ count }] = (await run<{ count: number }>(`select count(*)::int as count from orders o join synthetic_chunk c on c.id = o.id where ${due}`)) as [{ count: number }];
    if (count === 0) return 0;
    const [{ last }] = (await run<{ last: number }>(
      'update document_counters set last_value = last_value + ? where series = ? returning last_value as last', [count, series],
    )) as [{ last: number }];
    const [prefix, column, date] = ['INV', 'invoice', 'o.paid_at'];
    await run(
      `update orders o set ${column}_number = ? || '-' || lpad(n.value::text, greatest(6, length(n.value::text)), '0'), ${column}_date = ${date}
       from (select o2.id, ? - ? + row_number() over (order by o2.paid_at, o2.id) as value
             from orders o2 join synthetic_chunk c on c.id = o2.id where ${due.replaceAll('o.', 'o2.')}) n
       where o.id = n.id`,
      [prefix, Number(last), count],
    );
    return count;
  }

  async analyse(): Promise<void> {
    await this.em.getConnection().execute('analyze users, orders, order_lines, order_history, order_refunds, order_refund_lines');
  }
}

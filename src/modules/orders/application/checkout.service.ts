import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { InvalidInputError } from '../../../shared/domain-error.js';
import { formatPounds } from '../../../shared/money.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT, type BasketView } from '../../basket/index.js';
import { OptionNotForSaleError, StockService, type PurchasableOption } from '../../catalogue/index.js';
import { AccountService } from '../../identity/index.js';
import { MAX_UNPAID_CARD_ORDERS, TooManyUnpaidOrdersError, tooManyUnpaidOrdersMessage } from '../domain/checkout-errors.js';
import { DIGITAL_DELIVERY } from '../domain/delivery-bands.js';
import { MAX_ORDER_TOTAL, Order, OrderLine, orderTotals, withinOrderCeiling, type OrderAddress, type OrderDelivery, type PaymentMethod } from '../domain/order.entity.js';
import { DeliveryTypeService } from './delivery-type.service.js';
import { OrderProcess } from './order-process.service.js';
import { toOrderView, type OrderView } from './order-views.js';
import { CHECKOUT_BASKET, type CheckoutBasket, type CheckoutBasketLine } from './ports/checkout-basket.port.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_READS, type OrderReads } from './ports/order-reads.port.js';
import { CARD_ORDER_STORE, type CardOrderStore } from './ports/card-order-store.port.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './ports/payment-provider.port.js';

export interface CheckoutInput {
  billingAddress: OrderAddress;
  deliveryAddress?: OrderAddress | null;
  deliveryTypeId?: number | null;
  poNumber?: string | null;
  notes?: string | null;
  acceptTerms: boolean;
  paymentMethod?: PaymentMethod;
}

/** `GET /api/checkout`: what the checkout page offers this customer now. */
export interface CheckoutView {
  basket: BasketView;
  requires_delivery: boolean;
  /** Grams, of the whole basket. */
  weight: number;
  /**
   * Only the types whose band fits the weight; the free digital delivery (id null) when nothing is physical. Each
   * with the order's totals if chosen (pence; VAT once on goods plus delivery), so the page never computes VAT.
   */
  delivery_types: Array<{ id: number | null; name: string; price: number; totals: CheckoutTotals }>;
  billing_address: OrderAddress | null;
  delivery_address: OrderAddress | null;
  payment_methods: PaymentMethod[];
  /**
   * Why a card order cannot be placed now: the customer already has MAX_UNPAID_CARD_ORDERS of them awaiting
   * payment (the page says so up front; POST answers 409 with the same words). Null when it can.
   */
  card_orders_refused: string | null;
}

export interface CheckoutTotals {
  subtotal: number;
  delivery: number;
  vat: number;
  grand_total: number;
}

export interface PlacedOrder {
  order: OrderView;
  /** The hosted payment page (card); null for an order on account, which needs no payment now. */
  payment_url: string | null;
}

/**
 * Checkout for signed-in customers (product.md "Checkout"). Placing an order is one transaction: the lines are
 * snapshotted from the catalogue (never from the basket or the browser), the number allocated, the order and its
 * lines inserted, the stock taken (StockService: a conditional decrement, so the last unit goes to one buyer and
 * the others get a 409 naming the line), the basket emptied, the payment session created and the payment timeout
 * queued — all of it, or none.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(CHECKOUT_BASKET) private readonly basket: CheckoutBasket,
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_READS) private readonly reads: OrderReads,
    @Inject(CARD_ORDER_STORE) private readonly cardOrders: CardOrderStore,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly stock: StockService,
    private readonly deliveryTypes: DeliveryTypeService,
    private readonly accounts: AccountService,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  async describe(userId: number, guestToken: string | null): Promise<CheckoutView> {
    const [contents, profile, unpaid] = await Promise.all([
      this.basket.get(userId, guestToken), this.accounts.getProfile(userId), this.cardOrders.countUnpaidCardOrders(userId),
    ]);
    const options = await this.stock.describe(contents.lines.map((line) => line.optionId));
    const { physical, weight } = measure(contents.lines, options);
    const fitting = physical ? await this.deliveryTypes.fitting(weight) : [];
    const goods = contents.lines.map((line) => {
      const option = options.get(line.optionId);
      return option?.forSale ? option.price * line.qty : 0;
    });
    const withTotals = (type: { id: number | null; name: string; price: number }) => {
      const totals = orderTotals(goods, type.price);
      return { ...type, totals: { subtotal: totals.subtotal, delivery: totals.delivery, vat: totals.vat, grand_total: totals.grandTotal } };
    };
    const name = `${profile.first_name} ${profile.last_name}`.trim() || null;
    const address = (postal: typeof profile.billing_address): OrderAddress | null =>
      postal ? { name, company: profile.company_name, ...postal } : null;
    return {
      basket: contents.view,
      requires_delivery: physical,
      weight,
      delivery_types: (physical ? fitting.map((type) => ({ id: type.id, name: type.name, price: type.price })) : [{ ...DIGITAL_DELIVERY, id: null }]).map(withTotals),
      billing_address: address(profile.billing_address),
      delivery_address: address(profile.delivery_address ?? profile.billing_address),
      payment_methods: profile.account_terms ? ['card', 'invoice'] : ['card'],
      card_orders_refused: unpaid >= MAX_UNPAID_CARD_ORDERS ? tooManyUnpaidOrdersMessage(unpaid, this.env.ORDER_PAYMENT_TIMEOUT_MINUTES) : null,
    };
  }

  /** `POST /api/checkout`: the customer's basket becomes an order awaiting payment. */
  async placeOrder(userId: number, guestToken: string | null, input: CheckoutInput): Promise<PlacedOrder> {
    const contents = await this.basket.get(userId, guestToken);
    return this.place(userId, contents.lines, input);
  }

  /** Places an order for these quantities (read from the basket by placeOrder; tests and tools pass them directly). */
  async place(userId: number, lines: readonly CheckoutBasketLine[], input: CheckoutInput): Promise<PlacedOrder> {
    if (input.acceptTerms !== true) throw new InvalidInputError('accept_terms', 'Accept the terms and conditions to place the order.');
    if (lines.length === 0) throw new InvalidInputError('basket', 'Your basket is empty.');
    if (lines.some((line) => !Number.isSafeInteger(line.qty) || line.qty < 1)) throw new InvalidInputError('basket', 'Every quantity must be at least 1.');
    const options = await this.stock.describe(lines.map((line) => line.optionId));
    for (const line of lines) {
      const option = options.get(line.optionId);
      if (!option?.forSale) throw new OptionNotForSaleError(line.optionId, option ? `${option.productTitle} — ${option.name}` : null);
      // The basket keeps lines within the ceiling; this is the last word, whatever filled the basket.
      if (line.qty > MAX_LINE_QUANTITY) {
        throw new InvalidInputError('quantity', `"${option.productTitle} — ${option.name}": at most ${MAX_LINE_QUANTITY_TEXT} per line.`);
      }
    }
    const { physical, weight } = measure(lines, options);
    const delivery = physical ? await this.chooseDelivery(input, weight) : null;
    if (!withinOrderCeiling(lines.map((line) => options.get(line.optionId)!.price * line.qty), delivery?.price ?? 0)) {
      throw new InvalidInputError('basket', `This order comes to more than ${formatPounds(MAX_ORDER_TOTAL)}, too large for one order: please contact us.`);
    }
    const profile = await this.accounts.getProfile(userId);
    const onAccount = input.paymentMethod === 'invoice';
    if (onAccount && !profile.account_terms) {
      throw new InvalidInputError('payment_method', 'Paying on account needs account terms: pay by card, or ask us to open an account for your organisation.');
    }
    if (onAccount && !input.poNumber?.trim()) {
      throw new InvalidInputError('po_number', 'Enter your purchase order number: orders on account are invoiced against it.');
    }

    return this.transactions.run(async () => {
      // Before anything is reserved, and counted under the customer's lock so two racing checkouts cannot both pass.
      if (!onAccount) {
        const unpaid = await this.cardOrders.lockCheckoutsAndCountUnpaidCardOrders(userId);
        if (unpaid >= MAX_UNPAID_CARD_ORDERS) throw new TooManyUnpaidOrdersError(unpaid, this.env.ORDER_PAYMENT_TIMEOUT_MINUTES);
      }
      const snapshot = lines.map((line, position) => {
        const option = options.get(line.optionId)!;
        return new OrderLine({
          orderId: 0, position, productId: option.productId, optionId: option.id, title: option.productTitle, optionName: option.name,
          code: option.code, kind: option.kind, unitPrice: option.price, qty: line.qty, bookingRef: line.bookingRef ?? null, bookingLabel: line.bookingLabel ?? null,
        });
      });
      const order = new Order({
        number: await this.orders.nextNumber(),
        customerId: userId,
        billingAddress: input.billingAddress,
        deliveryAddress: physical ? (input.deliveryAddress ?? null) : null,
        delivery,
        totals: orderTotals(snapshot.map((line) => line.lineTotal), delivery?.price ?? 0),
        poNumber: input.poNumber ?? null,
        notes: input.notes ?? null,
        paymentMethod: onAccount ? 'invoice' : 'card',
      });
      // The placing transition inserts the order, takes its stock and, by the rule of its payment method, issues the
      // invoice and queues its e-mail (on account) or schedules the payment time-out (card).
      await this.process.transition(order, onAccount ? 'awaiting_payment' : 'pending_payment', 'customer', {
        note: onAccount ? `Order placed on account, PO ${order.poNumber}.` : 'Order placed.', actorUserId: userId, lines: snapshot,
      });
      const history = await this.reads.historyOf(order.id);
      await this.basket.empty(userId);
      if (onAccount) return { order: toOrderView(order, snapshot, history), payment_url: null };
      const session = await this.payments.createSession({
        orderId: order.id, number: order.number, amount: order.grandTotal, currency: 'gbp', customerEmail: profile.email,
        successUrl: `${this.env.publicUrl}/complete?order=${order.id}`, cancelUrl: `${this.env.publicUrl}/cancelled?order=${order.id}`,
      });
      order.paymentProvider = this.payments.name;
      order.paymentReference = session.reference;
      await this.orders.save(order);
      return { order: toOrderView(order, snapshot, history), payment_url: session.url };
    });
  }

  private async chooseDelivery(input: CheckoutInput, weight: number): Promise<OrderDelivery> {
    if (!input.deliveryAddress) throw new InvalidInputError('delivery_address', 'Enter the address to deliver to.');
    const fitting = await this.deliveryTypes.fitting(weight);
    if (fitting.length === 0) {
      throw new InvalidInputError('delivery_type_id', `None of our delivery services takes a parcel of ${kilograms(weight)}: please contact us to order.`);
    }
    if (input.deliveryTypeId === undefined || input.deliveryTypeId === null) throw new InvalidInputError('delivery_type_id', 'Choose a delivery type.');
    const chosen = fitting.find((type) => type.id === input.deliveryTypeId);
    if (!chosen) {
      throw new InvalidInputError(
        'delivery_type_id',
        `That delivery type does not take a parcel of ${kilograms(weight)}; choose one of: ${fitting.map((type) => type.name).join(', ')}.`,
      );
    }
    return { name: chosen.name, price: chosen.price };
  }
}

/** Whether anything must be posted, and the basket's weight in grams (from the catalogue, never the browser). */
function measure(lines: readonly CheckoutBasketLine[], options: Map<number, PurchasableOption>): { physical: boolean; weight: number } {
  let physical = false;
  let weight = 0;
  for (const line of lines) {
    const option = options.get(line.optionId);
    if (!option) continue;
    if (option.kind === 'physical') physical = true;
    weight += option.weight * line.qty;
  }
  return { physical, weight };
}

function kilograms(grams: number): string {
  return `${(grams / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 })} kg`;
}

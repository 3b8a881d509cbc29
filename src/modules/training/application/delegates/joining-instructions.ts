import { Injectable } from '@nestjs/common';
import { CompanyDetails } from '../../../../config/company.js';
import { Environment } from '../../../../config/environment.js';
import { OutboundMail } from '../../../../platform/mail/index.js';
import { OrderService, type OrderView } from '../../../orders/index.js';
import type { ClaimedDelegate } from '../ports/delegate-store.port.js';
import { joiningMail, type JoiningMailKind } from './joining-mail.js';

/**
 * Queues the joining instructions or the reminder of delegates whose send was just claimed (ADR 0048), in the
 * caller's transaction: the e-mail goes if and only if the claim commits. The buyer's company, the order number and
 * the course's title come from the order (orders' public face), read once per order.
 */
@Injectable()
export class JoiningInstructions {
  constructor(
    private readonly orders: OrderService,
    private readonly mail: OutboundMail,
    private readonly company: CompanyDetails,
    private readonly env: Environment,
  ) {}

  async send(claimed: readonly ClaimedDelegate[], kind: JoiningMailKind, now: Date): Promise<void> {
    const orders = new Map<number, OrderView>();
    const host = new URL(this.env.publicUrl).hostname;
    const shop = { name: this.company.tradingName, phone: this.company.phone, email: this.company.email };
    for (const delegate of claimed) {
      if (!orders.has(delegate.orderId)) orders.set(delegate.orderId, await this.orders.findForCustomer(delegate.customerId, delegate.orderId));
      const order = orders.get(delegate.orderId)!;
      const line = order.lines.find((candidate) => candidate.id === delegate.orderLineId);
      const { session } = delegate;
      await this.mail.send(joiningMail({
        kind, delegateId: delegate.id, sessionId: session.id, course: line?.title ?? 'your course',
        startsAt: session.startsAt, endsAt: session.endsAt, venue: session.venue, online: session.online, joiningUrl: session.joiningUrl,
        notes: session.notes, updatedAt: session.updatedAt, sentAt: now, delegate: { name: delegate.name, email: delegate.email },
        organizer: { name: shop.name, email: shop.email }, host,
        company: order.billing_address.company?.trim() || null, orderNumber: order.number, shop,
      }));
    }
  }
}

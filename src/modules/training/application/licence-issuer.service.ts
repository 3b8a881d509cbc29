import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { StockService } from '../../catalogue/index.js';
import { OrderTransitionSubscribers, type OrderTransitionEvent } from '../../orders/index.js';
import { licenceSeats } from '../domain/licence-rules.js';
import { LICENCE_STORE, type LicenceStore, type NewLicence } from './ports/licence-store.port.js';

/**
 * Licences from the order process (ADR 0036, 0040): a paid order, or one placed on account, turns each
 * `online_access` line into a licence of seats × qty; a refund (or staff cancelling an order placed on account)
 * revokes the seats not yet completed. The handlers run inside the order's transaction, so a licence exists if and
 * only if the payment does; they only write rows (no network).
 */
@Injectable()
export class LicenceIssuer implements OnModuleInit {
  private readonly logger = new Logger(LicenceIssuer.name);

  constructor(
    private readonly subscribers: OrderTransitionSubscribers,
    private readonly stock: StockService,
    @Inject(LICENCE_STORE) private readonly store: LicenceStore,
  ) {}

  onModuleInit(): void {
    this.subscribers.on('paid', (event) => this.issue(event));
    // Placed on account: the buyer may train before the invoice is paid (their terms allow it).
    this.subscribers.on('awaiting_payment', (event) => (event.paymentMethod === 'invoice' ? this.issue(event) : undefined));
    this.subscribers.on('refunded', (event) => this.revoke(event));
    // Some lines refunded (ADR 0045): the refunded units' seats go, never a completed learner's.
    this.subscribers.on('refunded_in_part', (event) => this.revokeRefundedSeats(event));
    // Only an order placed on account can be cancelled once it has a licence (a card order is cancelled unpaid).
    this.subscribers.on('cancelled', (event) => this.revoke(event));
  }

  /** One licence per online line, idempotent per line (a `paid` after an order placed on account adds nothing). */
  async issue(event: OrderTransitionEvent): Promise<void> {
    const lines = event.lines.filter((line) => line.kind === 'online_access');
    if (lines.length === 0) return;
    // The option's seats now, at the time of the order; the licence keeps them whatever the catalogue does later.
    const options = await this.stock.describe(lines.map((line) => line.optionId));
    const licences: NewLicence[] = lines.map((line) => ({
      orderId: event.orderId, orderLineId: line.lineId, customerId: event.customerId, productId: line.productId, optionId: line.optionId,
      seats: licenceSeats(options.get(line.optionId)?.seats ?? null, line.qty),
    }));
    const created = await this.store.createForOrder(licences);
    if (created > 0) this.logger.log(`Order ${event.orderNumber}: ${created} training licence(s) issued (${event.change}).`);
  }

  async revokeRefundedSeats(event: OrderTransitionEvent): Promise<void> {
    const online = new Map(event.lines.filter((line) => line.kind === 'online_access').map((line) => [line.lineId, line]));
    const refunded = event.refundedLines.filter((line) => online.has(line.lineId));
    if (refunded.length === 0) return;
    // Seats per unit as the licence was issued with them (the option's, 1 when it has none).
    const options = await this.stock.describe(refunded.map((line) => online.get(line.lineId)!.optionId));
    for (const line of refunded) {
      const seats = licenceSeats(options.get(online.get(line.lineId)!.optionId)?.seats ?? null, line.qty);
      const revoked = await this.store.revokeSeatsOfLine(line.lineId, seats, event.at);
      this.logger.log(`Order ${event.orderNumber} refunded in part: ${seats} seat(s) of line ${line.lineId} taken back, ${revoked} unfinished learner seat(s) revoked.`);
    }
  }

  async revoke(event: OrderTransitionEvent): Promise<void> {
    if (!event.lines.some((line) => line.kind === 'online_access')) return;
    const revoked = await this.store.revokeForOrder(event.orderId, event.at);
    if (revoked.licences > 0) {
      this.logger.log(`Order ${event.orderNumber} ${event.change}: ${revoked.licences} licence(s) revoked, ${revoked.seats} unfinished seat(s) with them.`);
    }
  }
}

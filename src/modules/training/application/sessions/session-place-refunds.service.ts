import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderTransitionSubscribers, type OrderTransitionEvent } from '../../../orders/index.js';
import { WAITING_LIST_STORE, type WaitingListStore } from '../ports/waiting-list-store.port.js';
import { WaitingListService } from './waiting-list.service.js';

/**
 * A refund of part of an order (ADR 0045) gives back the refunded course places (ADR 0051): the place row holds
 * fewer, the session has that many more to sell, and its waiting list is told. Each refund is claimed by its line and
 * the change's time, so a repeated delivery of the same change gives nothing back twice. Runs inside the refund's
 * transaction, like the licences' seats (licence-issuer.service.ts).
 */
@Injectable()
export class SessionPlaceRefunds implements OnModuleInit {
  private readonly logger = new Logger(SessionPlaceRefunds.name);

  constructor(
    @Inject(WAITING_LIST_STORE) private readonly store: WaitingListStore,
    private readonly subscribers: OrderTransitionSubscribers,
    private readonly waitingList: WaitingListService,
  ) {}

  onModuleInit(): void {
    this.subscribers.on('refunded_in_part', (event) => this.giveBack(event));
  }

  async giveBack(event: OrderTransitionEvent): Promise<void> {
    const courseLines = new Set(event.lines.filter((line) => line.kind === 'course').map((line) => line.lineId));
    const freed: number[] = [];
    for (const line of event.refundedLines.filter((refunded) => courseLines.has(refunded.lineId) && refunded.qty > 0)) {
      const result = await this.store.refundPlaces({ orderLineId: line.lineId, qty: line.qty, at: event.at });
      if (!result) continue;
      freed.push(result.sessionId);
      this.logger.log(`Order ${event.orderNumber} refunded in part: ${result.released} place(s) of session ${result.sessionId} given back.`);
    }
    if (freed.length > 0) await this.waitingList.placesFreed(...freed);
  }
}

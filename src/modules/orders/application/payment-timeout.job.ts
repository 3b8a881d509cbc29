import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { JobHandlerRegistry } from '../../../platform/queue/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { OrderProcess, PAYMENT_TIMEOUT_JOB } from './order-process.service.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';

/**
 * The payment time-out (ADR 0016): the job the placing transition schedules cancels the order, through the
 * process, if it is still unpaid `ORDER_PAYMENT_TIMEOUT_MINUTES` after it was placed.
 */
@Injectable()
export class PaymentTimeout implements OnModuleInit {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    private readonly process: OrderProcess,
    private readonly transactions: Transactions,
    private readonly registry: JobHandlerRegistry,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ orderId: number }>(PAYMENT_TIMEOUT_JOB, async ({ orderId }) => {
      await this.expireUnpaid(Number(orderId));
    });
  }

  /**
   * Cancels the order and gives its stock back if it is still unpaid `ORDER_PAYMENT_TIMEOUT_MINUTES` after it
   * was placed; anything else (paid meanwhile, cancelled already, run early) is left alone. Idempotent, so the
   * queue may run it twice. Returns whether it cancelled.
   */
  async expireUnpaid(orderId: number, now: Date = new Date()): Promise<boolean> {
    const minutes = this.env.ORDER_PAYMENT_TIMEOUT_MINUTES;
    return this.transactions.run(async () => {
      const order = await this.orders.lockById(orderId);
      if (!order || order.status !== 'pending_payment') return false;
      if (now.getTime() - order.createdAt.getTime() < minutes * 60_000) return false;
      await this.process.transition(order, 'cancelled', 'system', { note: `Not paid within ${minutes} minutes.`, at: now });
      return true;
    });
  }
}

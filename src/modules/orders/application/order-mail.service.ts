import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CompanyDetails } from '../../../config/company.js';
import { Environment } from '../../../config/environment.js';
import { checkMailMessage, MAILER, type Mailer } from '../../../platform/mail/index.js';
import { JobHandlerRegistry, JobQueue } from '../../../platform/queue/index.js';
import type { Order } from '../domain/order.entity.js';
import { InvoiceService } from './invoice.service.js';
import { composeOrderMail, ORDER_MAIL_KINDS, type OrderMailKind } from './order-mail.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { VAT_DOCUMENT_RENDERER, type VatDocumentRenderer } from './ports/vat-document-renderer.port.js';

/** The job that writes and sends one order e-mail (payload: order id and kind). */
export const ORDER_MAIL_JOB = 'orders.mail';

/**
 * Order e-mails through the durable queue, never inline: `queue` adds a job in the caller's transaction (so the
 * e-mail exists if and only if the change that causes it commits); the worker then reads the order as it is,
 * writes the message, draws the invoice or credit note PDF to attach, and hands it to the mailer. A failure
 * retries with back-off. The PDF is drawn in the worker rather than stored in the job: an invoice never changes.
 */
@Injectable()
export class OrderMailService implements OnModuleInit {
  private readonly logger = new Logger(OrderMailService.name);

  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    private readonly invoices: InvoiceService,
    @Inject(VAT_DOCUMENT_RENDERER) private readonly renderer: VatDocumentRenderer,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly company: CompanyDetails,
    private readonly env: Environment,
    private readonly jobs: JobQueue,
    private readonly registry: JobHandlerRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register<{ orderId: number; kind: OrderMailKind; refundId?: number }>(ORDER_MAIL_JOB, async ({ orderId, kind, refundId }) => {
      await this.deliver(Number(orderId), kind, refundId === undefined ? undefined : Number(refundId));
    });
  }

  /** `refundId`: the credit note's refund (ADR 0045: an order may have several credit notes). */
  async queue(order: Order, kind: OrderMailKind, refundId?: number): Promise<void> {
    await this.jobs.enqueue(ORDER_MAIL_JOB, { orderId: order.id, kind, ...(refundId === undefined ? {} : { refundId }) }, { maxAttempts: 10 });
  }

  /** Writes and sends the e-mail now (the job's work). */
  async deliver(orderId: number, kind: OrderMailKind, refundId?: number): Promise<void> {
    if (!(ORDER_MAIL_KINDS as readonly string[]).includes(kind)) throw new Error(`Unknown order e-mail: ${kind}`);
    const order = await this.orders.findById(orderId);
    if (!order) {
      this.logger.warn(`Order ${orderId} is gone: its ${kind} e-mail is not sent.`);
      return;
    }
    const [lines, document] = await Promise.all([
      this.orders.linesOf(order.id),
      kind === 'dispatched' ? Promise.resolve(null) : kind === 'credit_note' && refundId !== undefined
        ? this.invoices.creditNoteOf(order, refundId)
        : this.invoices.documentOf(order, kind === 'credit_note' ? 'credit_note' : 'invoice'),
    ]);
    const to = document?.customer.email ?? (await this.invoices.customerEmail(order));
    if (!to) {
      this.logger.warn(`Order ${order.number}'s customer has no e-mail address: its ${kind} e-mail is not sent.`);
      return;
    }
    const composed = composeOrderMail({ kind, order, lines, document, company: this.company, publicUrl: this.env.publicUrl });
    const attachments = document
      ? [{ filename: `${document.number}.pdf`, contentType: 'application/pdf', content: (await bytesOf(this.renderer.renderPdf(document))).toString('base64') }]
      : [];
    await this.mailer.send(checkMailMessage({ to, ...composed, ...(attachments.length ? { attachments } : {}) }));
  }
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CompanyDetails } from '../../../config/company.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { UserAdministrationService } from '../../identity/index.js';
import type { Order } from '../domain/order.entity.js';
import { vatDocumentOf, type VatDocument } from '../domain/vat-document.js';
import { creditNoteOf } from '../domain/refund.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { VAT_DOCUMENT_RENDERER, type VatDocumentRenderer } from './ports/vat-document-renderer.port.js';
import { isId } from '../../../shared/contracts/ids.js';

export type VatDocumentKind = VatDocument['kind'];

export interface VatDocumentFile {
  /** `INV-000042.pdf`. */
  fileName: string;
  body: Readable;
}

/**
 * VAT invoices and credit notes of orders, as PDFs: the customer's own (another customer's order, and an order
 * without that document, are "not found" alike) and any order's for staff. The numbers are given by
 * OrderProcess when the order is paid, placed on account or refunded; this only reads and draws them.
 */
@Injectable()
export class InvoiceService {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(VAT_DOCUMENT_RENDERER) private readonly renderer: VatDocumentRenderer,
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
    private readonly company: CompanyDetails,
    private readonly users: UserAdministrationService,
  ) {}

  async pdfForCustomer(customerId: number, orderId: number, kind: VatDocumentKind): Promise<VatDocumentFile> {
    const order = await this.findOrder(orderId);
    if (!order || order.customerId !== customerId) throw new NotFoundError(kind === 'invoice' ? 'Invoice' : 'Credit note');
    return this.pdfOf(order, kind);
  }

  async pdfForStaff(orderId: number, kind: VatDocumentKind): Promise<VatDocumentFile> {
    const order = await this.findOrder(orderId);
    if (!order) throw new NotFoundError('Order');
    return this.pdfOf(order, kind);
  }

  /** One refund's credit note, the customer's own (ADR 0045); 404 for another's order or refund alike. */
  async refundPdfForCustomer(customerId: number, orderId: number, refundId: number): Promise<VatDocumentFile> {
    const order = await this.findOrder(orderId);
    if (!order || order.customerId !== customerId) throw new NotFoundError('Credit note');
    return this.file(await this.creditNoteOf(order, refundId));
  }

  async refundPdfForStaff(orderId: number, refundId: number): Promise<VatDocumentFile> {
    const order = await this.findOrder(orderId);
    if (!order) throw new NotFoundError('Order');
    return this.file(await this.creditNoteOf(order, refundId));
  }

  /**
   * The document as data, for e-mails that quote it; null when the order has not got it. The order's own credit
   * note is the refund that ended it (ADR 0045): it lists only what earlier refunds had not credited.
   */
  async documentOf(order: Order, kind: VatDocumentKind): Promise<VatDocument | null> {
    if (kind === 'credit_note') {
      if (!order.creditNoteNumber) return null;
      const refunds = await this.refunds.refundsOf(order.id);
      const final = refunds.find((refund) => refund.creditNoteNumber === order.creditNoteNumber);
      return final ? this.creditNoteOf(order, final.id, refunds) : null;
    }
    // The buyer's VAT number and company come from their profile as it is when the document is drawn (ADR 0043).
    const [lines, buyer] = await Promise.all([this.orders.linesOf(order.id), this.users.invoiceContactOf(order.customerId)]);
    return vatDocumentOf(kind, order, lines, this.company, buyer);
  }

  /** The credit note of one of the order's refunds; null when the order has no such refund. */
  async creditNoteOf(order: Order, refundId: number, known?: Awaited<ReturnType<OrderRefundStore['refundsOf']>>): Promise<VatDocument | null> {
    const [lines, buyer, refunds] = await Promise.all([
      this.orders.linesOf(order.id), this.users.invoiceContactOf(order.customerId), known ? Promise.resolve(known) : this.refunds.refundsOf(order.id),
    ]);
    const refund = refunds.find((candidate) => candidate.id === refundId);
    return refund ? creditNoteOf(order, lines, refunds, refund, this.company, buyer) : null;
  }

  /** The order's customer's e-mail address (null if the account is gone). */
  async customerEmail(order: Order): Promise<string | null> {
    return (await this.users.emailsOf([order.customerId])).get(order.customerId) ?? null;
  }

  private async pdfOf(order: Order, kind: VatDocumentKind): Promise<VatDocumentFile> {
    const document = await this.documentOf(order, kind);
    if (!document) throw new NotFoundError(kind === 'invoice' ? 'Invoice' : 'Credit note');
    return this.file(document);
  }

  private file(document: VatDocument | null): VatDocumentFile {
    if (!document) throw new NotFoundError('Credit note');
    return { fileName: `${document.number}.pdf`, body: this.renderer.renderPdf(document) };
  }

  private findOrder(orderId: number): Promise<Order | null> {
    return isId(orderId) ? this.orders.findById(orderId) : Promise.resolve(null);
  }
}

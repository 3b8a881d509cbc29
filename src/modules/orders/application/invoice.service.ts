import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CompanyDetails } from '../../../config/company.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { UserAdministrationService } from '../../identity/index.js';
import type { Order } from '../domain/order.entity.js';
import { vatDocumentOf, type VatDocument } from '../domain/vat-document.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { VAT_DOCUMENT_RENDERER, type VatDocumentRenderer } from './ports/vat-document-renderer.port.js';

export type VatDocumentKind = VatDocument['kind'];

export interface VatDocumentFile {
  /** `INV-000042.pdf`. */
  fileName: string;
  body: Readable;
}

const MAX_ID = 2_147_483_647;

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

  /** The document as data, for e-mails that quote it; null when the order has not got it. */
  async documentOf(order: Order, kind: VatDocumentKind): Promise<VatDocument | null> {
    // The buyer's VAT number and company come from their profile as it is when the document is drawn (ADR 0043).
    const [lines, buyer] = await Promise.all([this.orders.linesOf(order.id), this.users.invoiceContactOf(order.customerId)]);
    return vatDocumentOf(kind, order, lines, this.company, buyer);
  }

  /** The order's customer's e-mail address (null if the account is gone). */
  async customerEmail(order: Order): Promise<string | null> {
    return (await this.users.emailsOf([order.customerId])).get(order.customerId) ?? null;
  }

  private async pdfOf(order: Order, kind: VatDocumentKind): Promise<VatDocumentFile> {
    const document = await this.documentOf(order, kind);
    if (!document) throw new NotFoundError(kind === 'invoice' ? 'Invoice' : 'Credit note');
    return { fileName: `${document.number}.pdf`, body: this.renderer.renderPdf(document) };
  }

  private findOrder(orderId: number): Promise<Order | null> {
    return Number.isSafeInteger(orderId) && orderId > 0 && orderId <= MAX_ID ? this.orders.findById(orderId) : Promise.resolve(null);
  }
}

import { Body, Get, Header, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { InvoiceService } from '../../application/invoice.service.js';
import { OrderAdminService } from '../../application/order-admin.service.js';
import { OrderPaymentService } from '../../application/order-payment.service.js';
import { pdfFile } from './pdf-file.js';
import type { AdminOrderSummaryView, AdminOrderView } from '../../application/order-views.js';
import { AdminOrderListQuery, BacsPaymentRequest, RefundRequest, TransitionRequest } from './orders.requests.js';
import { OrderRefundService, type RefundedView } from '../../application/order-refund.service.js';
import { IdParam } from '../../../../platform/http/index.js';

/**
 * A bound outside years 1–9999 bounds nothing (every order lies inside them), and PostgreSQL reads neither year 0 nor
 * JavaScript's `+010000-…`: `to=9999-12-31` answered 500.
 */
function boundOrNone(at: Date | undefined): Date | undefined {
  if (!at) return undefined;
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999 ? at : undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

@AdminController('api/admin/orders', 'orders')
export class AdminOrdersController {
  constructor(
    private readonly orders: OrderAdminService,
    private readonly invoices: InvoiceService,
    private readonly payments: OrderPaymentService,
    private readonly refunds: OrderRefundService,
  ) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [order summary with customer {id, email}], meta}`, newest first.' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown status, bad dates or paging.' })
  list(@Query() query: AdminOrderListQuery): Promise<Page<AdminOrderSummaryView>> {
    // A bare date in `to` means the whole of that day (UTC).
    const before = query.to ? new Date(DATE_ONLY.test(query.to) ? Date.parse(query.to) + 86_400_000 : Date.parse(query.to) + 1) : undefined;
    return this.orders.list({
      search: query.search, status: query.status, toDispatch: query.to_dispatch === 'true', customerId: query.customer,
      createdFrom: boundOrNone(query.from ? new Date(query.from) : undefined), createdBefore: boundOrNone(before),
      page: query.page, perPage: query.per_page,
    });
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The order with its history (who, when, note), the customer\'s e-mail and the statuses it may move to.' })
  @ApiNotFoundResponse({ description: 'No order has that id.' })
  show(@IdParam() id: number): Promise<AdminOrderView> {
    return this.orders.get(id);
  }

  @Post(':id/payments')
  @ApiCreatedResponse({ description: 'The order with the payment recorded (`payments`, `amount_paid`, `amount_due`); paid once they cover the total.' })
  @ApiUnprocessableEntityResponse({ description: 'Bad amount or reference, or more than is outstanding.' })
  @ApiConflictResponse({ description: 'The order is not on account, is paid already, or is cancelled or refunded.' })
  @ApiNotFoundResponse({ description: 'No order has that id.' })
  recordPayment(@IdParam() id: number, @CurrentViewer() viewer: Viewer, @Body() body: BacsPaymentRequest): Promise<AdminOrderView> {
    return this.payments.recordBacs(id, viewer.userId, { amount: body.amount, reference: body.reference });
  }

  @Get(':id/invoice.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The order\'s VAT invoice as a PDF.' })
  @ApiNotFoundResponse({ description: 'No order has that id, or it has no invoice yet (unpaid).' })
  async invoice(@IdParam() id: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.pdfForStaff(id, 'invoice'));
  }

  @Get(':id/credit-note.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The credit note of a refunded order, as a PDF.' })
  @ApiNotFoundResponse({ description: 'No order has that id, or it was not refunded.' })
  async creditNote(@IdParam() id: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.pdfForStaff(id, 'credit_note'));
  }

  @Post(':id/refunds')
  @ApiCreatedResponse({ description: 'The refund with its credit note number and amounts (net, VAT, gross), and the order\'s status after it.' })
  @ApiUnprocessableEntityResponse({ description: 'Field paths such as `lines.0.qty`: more than is left, an unknown line, the delivery twice, or nothing chosen.' })
  @ApiConflictResponse({ description: 'The order is not refundable (unpaid, cancelled, refunded already).' })
  @ApiNotFoundResponse({ description: 'No order has that id.' })
  refund(@IdParam() id: number, @CurrentViewer() viewer: Viewer, @Body() body: RefundRequest): Promise<RefundedView> {
    return this.refunds.refund(
      id, viewer.userId, { lines: body.lines.map((line) => ({ lineId: line.line_id, qty: line.qty })), delivery: body.delivery, restock: body.restock },
      { text: body.note, visible: body.note_visible },
    );
  }

  @Get(':id/refunds/:refundId/credit-note.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: "One refund's credit note, as a PDF." })
  @ApiNotFoundResponse({ description: 'No order has that id, or no refund of it has that id.' })
  async refundCreditNote(@IdParam() id: number, @IdParam('refundId') refundId: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.refundPdfForStaff(id, refundId));
  }

  @Post(':id/transitions')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The order after the change.' })
  @ApiConflictResponse({ description: 'The order process does not allow this change (e.g. dispatched without a tracking number).' })
  @ApiNotFoundResponse({ description: 'No order has that id.' })
  transition(@IdParam() id: number, @CurrentViewer() viewer: Viewer, @Body() body: TransitionRequest): Promise<AdminOrderView> {
    return this.orders.transition(id, body.to, viewer.userId, { note: body.note, noteVisible: body.note_visible, trackingNumber: body.tracking_number });
  }
}

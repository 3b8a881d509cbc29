import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { basketTokenOf, type BasketView } from '../../../basket/index.js';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { InvoiceService } from '../../application/invoice.service.js';
import { pdfFile } from './pdf-file.js';
import { OrderService } from '../../application/order.service.js';
import type { OrderSummaryView, OrderView } from '../../application/order-views.js';
import { CancelOrderRequest, OrderListQuery } from './orders.requests.js';
import { CustomerOrderActions, type CancelledOrder } from '../../application/customer-order-actions.service.js';
import { IdParam } from '../../../../platform/http/index.js';

@ApiTags('orders')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrderService,
    private readonly invoices: InvoiceService,
    private readonly actions: CustomerOrderActions,
  ) {}

  @Get()
  @ApiOkResponse({ description: "`{data: [{id, number, status, created_at, grand_total, po_number, invoice_number}], meta}`: the customer's orders, newest first." })
  list(@CurrentViewer() viewer: Viewer, @Query() query: OrderListQuery): Promise<Page<OrderSummaryView>> {
    return this.orders.listForCustomer(viewer.userId, query.page, query.per_page);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The order with its lines, delivery, addresses, totals and history.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer (another customer\'s order too).' })
  show(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<OrderView> {
    return this.orders.findForCustomer(viewer.userId, id);
  }

  @Post(':id/buy-again')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The basket with the order\'s options added back (today\'s prices, capped at stock); `messages` name what could not come back.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer.' })
  buyAgain(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Req() request: FastifyRequest): Promise<BasketView> {
    return this.orders.buyAgain(viewer.userId, id, basketTokenOf(request.cookies));
  }

  @Post(':id/pay')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{payment_url}`: the payment page of the order (its session while open, else a fresh one).' })
  @ApiConflictResponse({ description: 'The order does not wait for a card payment (paid, cancelled, or on account).' })
  @ApiNotFoundResponse({ description: 'No such order of this customer.' })
  pay(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<{ payment_url: string }> {
    return this.actions.pay(viewer.userId, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{order: {id, number, status}, basket}`: cancelled, its stock back; `basket` when `restore_basket` put the lines back.' })
  @ApiConflictResponse({ description: 'The order is paid or moving on, or on account (staff cancel those).' })
  @ApiNotFoundResponse({ description: 'No such order of this customer.' })
  cancel(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @Body() body: CancelOrderRequest, @Req() request: FastifyRequest): Promise<CancelledOrder> {
    return this.actions.cancel(viewer.userId, id, body.restore_basket === true, basketTokenOf(request.cookies));
  }

  @Get(':id/invoice.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The VAT invoice as a PDF (paid and on-account orders).' })
  @ApiNotFoundResponse({ description: 'No such order of this customer, or the order has no invoice yet (unpaid).' })
  async invoice(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.pdfForCustomer(viewer.userId, id, 'invoice'));
  }

  @Get(':id/credit-note.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The credit note of a refunded order, as a PDF.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer, or the order was not refunded.' })
  async creditNote(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.pdfForCustomer(viewer.userId, id, 'credit_note'));
  }

  @Get(':id/refunds/:refundId/credit-note.pdf')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: "One refund's credit note (ADR 0045), as a PDF: the owner's only." })
  @ApiNotFoundResponse({ description: 'No such order of this customer, or the order was not refunded.' })
  async refundCreditNote(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('refundId') refundId: number): Promise<StreamableFile> {
    return pdfFile(await this.invoices.refundPdfForCustomer(viewer.userId, id, refundId));
  }
}

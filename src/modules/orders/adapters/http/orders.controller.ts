import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Page } from '../../../../shared/pagination.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { OrderService } from '../../application/order.service.js';
import type { OrderSummaryView, OrderView } from '../../application/order-views.js';
import { OrderListQuery } from './orders.requests.js';
import { IdParam } from '../../../../platform/http/list-query.js';

@ApiTags('orders')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/orders')
export class OrdersController {
  constructor(private readonly orders: OrderService) {}

  @Get()
  @ApiOkResponse({ description: "`{data: [{id, number, status, created_at, grand_total, po_number}], meta}`: the customer's orders, newest first." })
  list(@CurrentViewer() viewer: Viewer, @Query() query: OrderListQuery): Promise<Page<OrderSummaryView>> {
    return this.orders.listForCustomer(viewer.userId, query.page, query.per_page);
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The order with its lines, delivery, addresses, totals and history.' })
  @ApiNotFoundResponse({ description: 'No such order of this customer (another customer\'s order too).' })
  show(@CurrentViewer() viewer: Viewer, @IdParam() id: number): Promise<OrderView> {
    return this.orders.findForCustomer(viewer.userId, id);
  }
}

import { Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { AdminController } from '../../../identity/index.js';
import { DashboardService, type DashboardView } from '../../application/dashboard.service.js';

/** The Administration Portal's dashboard: every figure in one answer (docs/api/buying.md, ADR 0023). */
@AdminController('api/admin/dashboard', 'dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOkResponse({
    description: '`{generated_at, time_zone, sales: {today, this_month}, awaiting_dispatch, overdue_invoices, low_stock, recent_enquiries, ' +
      'recent_newsletter_signups, sales_by_day}`; money in pence.',
  })
  show(): Promise<DashboardView> {
    return this.dashboard.figures();
  }
}

import { Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { reaches } from '../../../../shared/contracts/staff.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { DashboardService, type DashboardView } from '../../application/dashboard.service.js';

/** The Administration Portal's dashboard: every figure in one answer (docs/api/buying.md, ADR 0023). */
@AdminController('api/admin/dashboard', 'dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOkResponse({
    description: '`{generated_at, time_zone, sales: {today, this_month}, awaiting_dispatch, overdue_invoices, low_stock, recent_enquiries, ' +
      'recent_newsletter_signups, sales_by_day}`; money in pence. `low_stock` is null for a staff role without the catalogue, ' +
      '`recent_enquiries` and `recent_newsletter_signups` for one without content (ADR 0044).',
  })
  show(@CurrentViewer() viewer: Viewer): Promise<DashboardView> {
    return this.dashboard.figures(new Date(), (area) => reaches(viewer.staffRole, area));
  }
}

import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DatabaseMaintenance } from '../persistence/persistence.module.js';
import { ShutdownState } from './shutdown-state.js';

@ApiTags('operations')
@Controller('api')
export class HealthController {
  constructor(
    private readonly database: DatabaseMaintenance,
    private readonly shutdown: ShutdownState,
  ) {}

  /** Liveness: the process answers. It touches nothing else, so a slow database never restarts us. */
  @Get('health')
  @ApiOkResponse({ description: 'The process is alive.' })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers and the process is not stopping, so a load balancer may send traffic. */
  @Get('ready')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The database answers.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer, or the shop is shutting down.' })
  async ready(): Promise<{ status: 'ready'; database: 'ok' }> {
    if (this.shutdown.isDraining) throw new ServiceUnavailableException('The shop is shutting down.');
    if (!(await this.database.isReachable())) throw new ServiceUnavailableException('The database does not answer.');
    return { status: 'ready', database: 'ok' };
  }
}

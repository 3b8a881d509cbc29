import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DatabaseMaintenance } from '../persistence/persistence.module.js';

@ApiTags('operations')
@Controller('api')
export class HealthController {
  constructor(private readonly database: DatabaseMaintenance) {}

  /** Liveness: the process answers. It touches nothing else, so a slow database never restarts us. */
  @Get('health')
  @ApiOkResponse({ description: 'The process is alive.' })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers, so a load balancer may send traffic. */
  @Get('ready')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The database answers.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async ready(): Promise<{ status: 'ready'; database: 'ok' }> {
    if (!(await this.database.isReachable())) throw new ServiceUnavailableException('The database does not answer.');
    return { status: 'ready', database: 'ok' };
  }
}

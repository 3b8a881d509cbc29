import { Injectable } from '@nestjs/common';

/**
 * Whether the web server is draining: a stop signal arrived, so readiness answers 503 (a load balancer sends its
 * traffic elsewhere) and every response closes its connection, while the requests in flight finish (ADR 0029).
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;

  get isDraining(): boolean {
    return this.drainingSince !== null;
  }

  beginDraining(): void {
    this.drainingSince ??= Date.now();
  }
}

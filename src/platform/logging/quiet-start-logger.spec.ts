import { QuietStartLogger } from './quiet-start-logger.js';

describe('QuietStartLogger', () => {
  function recorder() {
    const lines: Array<[string, unknown, ...unknown[]]> = [];
    const record = (level: string) => (message: unknown, ...rest: unknown[]) => lines.push([level, message, ...rest]);
    return { lines, inner: { log: record('log'), error: record('error'), warn: record('warn'), debug: record('debug'), verbose: record('verbose') } };
  }

  it("moves Nest's route and module lines to debug and leaves everything else where it was", () => {
    const { lines, inner } = recorder();
    const logger = new QuietStartLogger(inner);
    logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Queue worker started', 'QueueWorker');
    logger.warn('Using the test payment provider', 'Payments');
    logger.error('boom', 'stack', 'Orders');
    expect(lines).toEqual([
      ['debug', 'Mapped {/api/health, GET} route', 'RouterExplorer'],
      ['debug', 'AppModule dependencies initialized', 'InstanceLoader'],
      ['log', 'Queue worker started', 'QueueWorker'],
      ['warn', 'Using the test payment provider', 'Payments'],
      ['error', 'boom', 'stack', 'Orders'],
    ]);
  });
});

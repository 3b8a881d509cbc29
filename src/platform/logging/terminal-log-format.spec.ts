import { Logger, PinoLogger } from 'nestjs-pino';
import { pino } from 'pino';
import { formatLogLine, terminalLogDestination } from './terminal-log-format.js';

/** Real pino lines, as the shop writes them: a logger whose output is kept. */
function capturedPino() {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

const plain = { colour: false, timeZone: 'UTC' };
const at = Date.UTC(2026, 10, 27, 1, 2, 3);

describe('formatLogLine (pino JSON → a line a person reads)', () => {
  it('prints a start-up warning as time, level, context and message', () => {
    const { logger, lines } = capturedPino();
    logger.warn({ context: 'MailModule', time: at }, 'SMTP_URL is not set: e-mails are written to var/mailbox, not sent.');
    expect(formatLogLine(lines[0]!.replace(/"time":\d+/, `"time":${at}`), plain)).toBe(
      '01:02:03 WARN  [MailModule] SMTP_URL is not set: e-mails are written to var/mailbox, not sent.',
    );
  });

  it("prints a request as method, path, status, time and the request's id", () => {
    const line = JSON.stringify({
      level: 40, time: at, pid: 1, hostname: 'vm', req: { id: 'r-1', method: 'POST', url: '/api/basket' }, res: { statusCode: 422 }, responseTime: 12, msg: 'request completed',
    });
    expect(formatLogLine(line, plain)).toBe('01:02:03 WARN  POST /api/basket 422 12 ms (r-1)');
  });

  it('keeps the other fields as key=value and puts an error\'s stack below, indented', () => {
    const { logger, lines } = capturedPino();
    const error = new Error('connection refused');
    logger.error({ context: 'JobWorker', err: error, job: 7, attempt: { of: 5 } }, 'The job failed.');
    const [head, ...stack] = formatLogLine(lines[0]!, plain).split('\n');
    expect(head).toMatch(/^\d\d:\d\d:\d\d ERROR \[JobWorker\] The job failed\. job=7 attempt=\{"of":5\}$/);
    expect(stack[0]).toBe('    Error: connection refused');
    expect(stack.length).toBeGreaterThan(1);
    expect(stack.every((line) => line.startsWith('    '))).toBe(true);
  });

  it("reads what Nest's Logger writes through nestjs-pino: context, and an exception's stack", () => {
    const lines: string[] = [];
    const params = { pinoHttp: [{ level: 'debug' }, { write: (line: string) => lines.push(line) }] as [object, { write(line: string): void }] };
    const nest = new Logger(new PinoLogger(params), params);
    nest.warn('PAYMENT_PROVIDER=test: payments are simulated.', 'Payments');
    // Nest's ExceptionsHandler passes the stack as a second string.
    nest.error('Cannot read properties of undefined', 'TypeError: Cannot read properties of undefined\n    at render (page.ts:1:1)', 'ExceptionsHandler');
    expect(lines.map((line) => formatLogLine(line, plain).replace(/^\d\d:\d\d:\d\d /, ''))).toEqual([
      'WARN  [Payments] PAYMENT_PROVIDER=test: payments are simulated.',
      'ERROR [ExceptionsHandler] Cannot read properties of undefined\n    TypeError: Cannot read properties of undefined\n        at render (page.ts:1:1)',
    ]);
  });

  it('colours the level when asked, and passes anything that is not a JSON object through', () => {
    const line = JSON.stringify({ level: 50, time: at, msg: 'boom' });
    expect(formatLogLine(line, { colour: true, timeZone: 'UTC' })).toBe('\x1b[90m01:02:03\x1b[0m \x1b[31mERROR\x1b[0m boom');
    expect(formatLogLine('not json\n', plain)).toBe('not json');
    expect(formatLogLine('[1,2]\n', plain)).toBe('[1,2]');
  });
});

describe('terminalLogDestination', () => {
  /** All the destination uses of stdout: isTTY and write. */
  function output(isTTY: boolean) {
    const chunks: string[] = [];
    const stream = { isTTY, write: (chunk: string) => chunks.push(chunk) } as unknown as NodeJS.WriteStream;
    return { stream, text: () => chunks.join('') };
  }

  it('leaves the logs JSON when stdout is not a terminal (operators ship them)', () => {
    expect(terminalLogDestination(output(false).stream, {})).toBeUndefined();
  });

  it('formats each line on a terminal, without colour when NO_COLOR is set', () => {
    const out = output(true);
    const destination = terminalLogDestination(out.stream, { NO_COLOR: '1' })!;
    const logger = pino({}, destination);
    logger.info({ context: 'JobWorker' }, 'Queue worker started.');
    expect(out.text()).toMatch(/^\d\d:\d\d:\d\d INFO {2}\[JobWorker\] Queue worker started\.\n$/);
  });
});

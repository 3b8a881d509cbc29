/**
 * pino writes one JSON object a line: what operators ship to their log store, and unreadable to a person watching
 * `make start` (issue 29). On a terminal each line is printed as `time LEVEL context message`, with a request's
 * method, path, status and time, the other fields as key=value and an error's stack below it. Off a terminal (a
 * pipe, a file, a container's log driver) the JSON is left alone.
 */
import type { DestinationStream } from 'pino';

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO', colour: '36' },
  40: { name: 'WARN', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '41;97' },
};

/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'context', 'msg', 'req', 'res', 'responseTime', 'err']);

export interface TerminalFormatOptions {
  /** ANSI colours for the level (off when NO_COLOR is set: https://no-color.org). */
  colour: boolean;
  /** The clock's time zone; the machine's own when not given (tests pin one). */
  timeZone?: string;
}

/** One of pino's JSON lines as one readable line (more when it carries a stack). Anything not JSON passes as it is. */
export function formatLogLine(line: string, options: TerminalFormatOptions): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return line.trimEnd();
    entry = parsed as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level ?? '?').toUpperCase(), colour: '0' };
  const paint = (colour: string, text: string) => (options.colour ? `\x1b[${colour}m${text}\x1b[0m` : text);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toLocaleTimeString('en-GB', { hour12: false, timeZone: options.timeZone }) : '--:--:--';
  const parts = [paint('90', time), paint(level.colour, level.name.padEnd(5))];
  if (typeof entry.context === 'string') parts.push(paint('1', `[${entry.context}]`));
  parts.push(request(entry) ?? String(entry.msg ?? ''));
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const below = typeof err?.stack === 'string' ? err.stack : typeof err?.message === 'string' ? err.message : null;
  return below === null ? parts.join(' ') : `${parts.join(' ')}\n${below.replace(/^/gm, '    ')}`;
}

/** pino-http's "request completed" (and "request errored") lines: `GET /path 200 12 ms (request id)`. */
function request(entry: Record<string, unknown>): string | null {
  const req = entry.req as { id?: unknown; method?: unknown; url?: unknown } | undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (!req || typeof req.method !== 'string' || typeof req.url !== 'string') return null;
  const status = typeof res?.statusCode === 'number' ? ` ${res.statusCode}` : '';
  const took = typeof entry.responseTime === 'number' ? ` ${entry.responseTime} ms` : '';
  const id = typeof req.id === 'string' ? ` (${req.id})` : '';
  const outcome = entry.msg === 'request completed' ? '' : ` ${String(entry.msg ?? '')}`;
  return `${req.method} ${req.url}${status}${took}${id}${outcome}`;
}

/**
 * Where pino writes: on a terminal, a stream that formats each line before it goes out; otherwise undefined, and
 * pino keeps its own fast JSON destination.
 */
export function terminalLogDestination(out: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): DestinationStream | undefined {
  if (out.isTTY !== true) return undefined;
  const options: TerminalFormatOptions = { colour: env.NO_COLOR === undefined || env.NO_COLOR === '' };
  return {
    write(line: string) {
      out.write(`${formatLogLine(line, options)}\n`);
    },
  };
}

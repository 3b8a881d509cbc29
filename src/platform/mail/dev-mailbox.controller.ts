import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { type MailboxEntry, type MailboxMessage, MailboxReader } from './mailbox-reader.js';

export class MailboxQuery {
  /** Only messages to this address (case-insensitive). */
  @IsOptional()
  @IsString({ message: 'to must be text.' })
  @MaxLength(320)
  to?: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1d2733; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #d5dbe1; }
  pre { white-space: pre-wrap; background: #f4f6f8; padding: 1rem; border-radius: 4px; }
  iframe { width: 100%; height: 70vh; border: 1px solid #d5dbe1; border-radius: 4px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dt { font-weight: 600; }`;

/**
 * The development mailbox (never registered in production): what MailboxMailer wrote to
 * DATA_DIR/mailbox, as small server pages and as JSON for tests and browser journeys.
 * Plain HTML with no inline script or style attribute; the one <style> element carries the CSP nonce.
 */
@ApiExcludeController()
@Controller()
export class DevMailboxController {
  constructor(private readonly mailbox: MailboxReader) {}

  /** `[{id, to, subject, date, text, html}]`, newest first; `?to=` keeps one recipient's. */
  @Get('api/dev/mailbox')
  list(@Query() query: MailboxQuery): Promise<MailboxEntry[]> {
    return this.mailbox.list({ to: query.to });
  }

  @Get('dev/mailbox')
  async index(@Res() reply: FastifyReply): Promise<void> {
    const messages = await this.mailbox.list();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('\n');
    const body =
      messages.length === 0
        ? '<p>No e-mails yet. Messages the shop sends while SMTP_URL is unset appear here.</p>'
        : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
    await this.html(reply, 'Mailbox', `<h1>Mailbox</h1>\n<p>${messages.length} message(s), newest first.</p>\n${body}`);
  }

  @Get('dev/mailbox/:id')
  async show(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const m = await this.find(id);
    const headers: Array<[string, string | null]> = [
      ['From', m.from],
      ['To', m.to],
      ['Reply-To', m.replyTo],
      ['Date', m.date],
      ['Subject', m.subject],
    ];
    const list = headers
      .filter((h): h is [string, string] => h[1] !== null)
      .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('');
    const attachments = m.attachments
      .map((a, index) => `<li><a href="/dev/mailbox/${m.id}/attachments/${index}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.content_type)}, ${a.size} bytes)</li>`)
      .join('');
    // The HTML part as a mail client shows it, in a sandboxed frame of its own (no scripts, no requests out).
    const html = m.html ? `<h2>HTML</h2>\n<iframe sandbox src="/dev/mailbox/${m.id}/html" title="The e-mail's HTML part"></iframe>\n<h2>Plain text</h2>\n` : '';
    await this.html(
      reply,
      m.subject || 'E-mail',
      `<p><a href="/dev/mailbox">← Mailbox</a> · <a href="/dev/mailbox/${m.id}/raw">raw</a></p>\n` +
        `<h1>${escapeHtml(m.subject || '(no subject)')}</h1>\n<dl>${list}</dl>\n` +
        (attachments ? `<h2>Attachments</h2>\n<ul>${attachments}</ul>\n` : '') +
        `${html}<pre>${escapeHtml(m.text)}</pre>`,
    );
  }

  /** The HTML part alone, under a policy that lets it show its inline styles and nothing else. */
  @Get('dev/mailbox/:id/html')
  async htmlPart(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const m = await this.find(id);
    if (!m.html) throw new NotFoundException('This message has no HTML part.');
    await reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox")
      .type('text/html; charset=utf-8')
      .send(m.html);
  }

  /** One attachment, downloaded as it was sent. */
  @Get('dev/mailbox/:id/attachments/:index')
  async attachment(@Param('id') id: string, @Param('index') index: string, @Res() reply: FastifyReply): Promise<void> {
    const file = /^\d{1,3}$/.test(index) ? await this.mailbox.attachment(id, Number(index)) : null;
    if (!file) throw new NotFoundException('No such attachment.');
    await reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
      .type(file.contentType)
      .send(file.content);
  }

  /** The .eml as it is on disk, shown as text. */
  @Get('dev/mailbox/:id/raw')
  async raw(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const m = await this.find(id);
    await reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(m.raw);
  }

  private async find(id: string): Promise<MailboxMessage> {
    const message = await this.mailbox.read(id);
    if (!message) throw new NotFoundException('No such message.');
    return message;
  }

  private async html(reply: FastifyReply, title: string, main: string): Promise<void> {
    const nonce = (reply as FastifyReply & { cspNonce?: { style?: string } }).cspNonce?.style;
    // With the CSP on, the nonce admits the <style>; in development the CSP is off and none is needed.
    const style = `<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>${STYLE}</style>`;
    const page =
      `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)} · dev mailbox</title>` +
      `<meta name="robots" content="noindex">${style}</head>\n<body>\n${main}\n</body></html>\n`;
    await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }
}

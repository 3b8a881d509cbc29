/** HTML e-mails: one layout for every message the shop sends, written the way mail clients need it. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface HtmlEmail {
  /** The brand shown in the header band. */
  brand: string;
  title: string;
  /** The line mail clients show beside the subject in the inbox. */
  preheader: string;
  /** Already-escaped HTML of the message's body. */
  body: string;
  /** Plain lines for the small print (company, registered office, VAT number). */
  footer: readonly string[];
}

const FONT = "font-family: Arial, Helvetica, sans-serif;";

/**
 * A 600-pixel table layout with inline styles only: what Outlook, Gmail and Apple Mail all render alike (no
 * <style> blocks, no flexbox). Every dynamic value must be escaped by the caller; this adds none of its own.
 */
export function htmlEmail(email: HtmlEmail): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(email.title)}</title></head>
<body style="margin:0;padding:0;background:#eef2f7;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(email.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef2f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;">
<tr><td style="background:#0b5394;padding:18px 24px;border-radius:6px 6px 0 0;${FONT}font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(email.brand)}</td></tr>
<tr><td style="padding:24px;${FONT}font-size:15px;line-height:1.5;color:#1f2933;">
<h1 style="margin:0 0 16px;font-size:22px;color:#0b5394;">${escapeHtml(email.title)}</h1>
${email.body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d9e2ec;${FONT}font-size:12px;line-height:1.5;color:#52606d;">${email.footer.map(escapeHtml).join('<br>')}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** A paragraph. */
export const p = (html: string): string => `<p style="margin:0 0 14px;">${html}</p>`;

/** A call-to-action link drawn as a button. */
export const button = (href: string, label: string): string =>
  `<p style="margin:20px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#0b5394;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(label)}</a></p>`;

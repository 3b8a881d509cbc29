/** Outgoing mail's public face: modules import OutboundMail (and the types) from here. */
export { MailModule, mailboxDirectory } from './mail.module.js';
export { OutboundMail, MAIL_SEND_JOB } from './outbound-mail.service.js';
export { MAILER, checkMailMessage, type Mailer, type MailMessage } from './mailer.port.js';
export type { MailAttachment } from './mailer.port.js';
export { htmlEmail, escapeHtml, p as mailParagraph, button as mailButton } from './mail-layout.js';

import { DEMO_SELLER_EMAIL } from '../../config/company.js';
import { loadEnvironment } from '../../config/environment.js';
import { mailStartupWarnings } from './mail.module.js';

describe('mailStartupWarnings (ADR 0038: one readable line each at start-up)', () => {
  it('warns in production that MAIL_FROM is unset, naming the address the documents print instead (issue 28)', () => {
    const warnings = mailStartupWarnings(loadEnvironment({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', DATA_DIR: '/tmp/x' }));
    expect(warnings).toEqual([expect.stringContaining('MAIL_FROM is not set')]);
    expect(warnings[0]).toContain(DEMO_SELLER_EMAIL);
    expect(warnings[0]).toContain('no-reply@localhost');
  });

  it('says nothing of MAIL_FROM once it is set, and nothing at all outside production', () => {
    expect(mailStartupWarnings(loadEnvironment({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Shop <orders@shop.example>' }))).toEqual([]);
    expect(mailStartupWarnings(loadEnvironment({ NODE_ENV: 'production', MAIL_FROM: 'Shop <orders@shop.example>', DATA_DIR: '/tmp/x' }))).toEqual([
      'SMTP_URL is not set: e-mails are written to /tmp/x/mailbox, not sent.',
    ]);
    expect(mailStartupWarnings(loadEnvironment({ NODE_ENV: 'development' }))).toEqual([]);
  });
});

import { loadEnvironment } from '../../../config/environment.js';
import { EnquiryService, mailboxAddress } from './enquiry.service.js';

describe('mailboxAddress (the staff inbox taken from MAIL_FROM)', () => {
  it.each([
    ['HS Training Direct <no-reply@localhost>', 'no-reply@localhost'],
    ['"HS Training Direct, Leeds" <office@hstraining.co.uk>', 'office@hstraining.co.uk'],
    ['office@hstraining.co.uk', 'office@hstraining.co.uk'],
    ['  office@hstraining.co.uk  ', 'office@hstraining.co.uk'],
  ])('%s → %s', (from, address) => {
    expect(mailboxAddress(from)).toBe(address);
  });
});

describe('EnquiryService.staffAddress', () => {
  const serviceWith = (env: Record<string, string>) =>
    new EnquiryService(null as never, null as never, null as never, null as never, loadEnvironment(env));

  it('is ENQUIRIES_TO when set, else the address inside MAIL_FROM', () => {
    expect(serviceWith({ ENQUIRIES_TO: 'sales@hs-training.co.uk' }).staffAddress).toBe('sales@hs-training.co.uk');
    expect(serviceWith({ MAIL_FROM: 'HS Training <orders@hs-training.co.uk>' }).staffAddress).toBe('orders@hs-training.co.uk');
  });

  it('refuses an ENQUIRIES_TO that is not an e-mail address at start-up', () => {
    expect(() => loadEnvironment({ ENQUIRIES_TO: 'sales team' })).toThrow(/ENQUIRIES_TO must be an e-mail address/);
  });
});

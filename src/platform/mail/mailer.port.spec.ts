import { checkMailMessage } from './mailer.port.js';

describe('checkMailMessage', () => {
  const valid = { to: 'ann@example.co.uk', subject: 'Your order', text: 'Thank you.' };

  it('keeps the known fields only', () => {
    expect(checkMailMessage({ ...valid, html: '<p>Thank you.</p>', replyTo: 'shop@example.co.uk', bcc: 'spy@example.com' })).toEqual({
      ...valid,
      html: '<p>Thank you.</p>',
      replyTo: 'shop@example.co.uk',
    });
  });

  it('accepts several recipients separated by commas', () => {
    expect(checkMailMessage({ ...valid, to: 'a@example.com, b@example.com' }).to).toBe('a@example.com, b@example.com');
  });

  it.each([
    [{ ...valid, subject: 'Hi\r\nBcc: victim@example.com' }, /subject must be one non-empty line/],
    [{ ...valid, to: 'ann@example.co.uk\r\nBcc: victim@example.com' }, /to must be one or more e-mail addresses/],
    [{ ...valid, to: 'not an address' }, /to must be one or more e-mail addresses/],
    [{ ...valid, replyTo: 'x' }, /replyTo must be an e-mail address/],
    [{ ...valid, text: undefined }, /text is missing/],
    [{ ...valid, subject: 42 }, /subject must be text/],
    [null, /to is missing/],
  ])('refuses %p', (message, problem) => {
    expect(() => checkMailMessage(message)).toThrow(problem);
  });
});

import { LazyTransport } from './nodemailer.js';

describe('LazyTransport (nodemailer loaded at the first message)', () => {
  it('makes no transport until one is asked for, then always the same one', async () => {
    const lazy = new LazyTransport({ streamTransport: true, buffer: true });
    expect(lazy.ifMade()).toBeNull();

    const transport = await lazy.get();
    expect(await lazy.get()).toBe(transport);
    expect(await lazy.ifMade()).toBe(transport);
    const info = (await transport.sendMail({ from: 'a@example.co.uk', to: 'b@example.co.uk', subject: 'Hi', text: 'Hello' })) as { message: Buffer };
    expect(info.message.toString()).toContain('Subject: Hi');
  });
});

import { JobHandlerRegistry } from './job-handler-registry.js';

describe('JobHandlerRegistry', () => {
  const noop = async () => undefined;

  it('finds a handler by its type', () => {
    const registry = new JobHandlerRegistry();
    registry.register('mail.send', noop);
    expect(registry.get('mail.send')).toBe(noop);
    expect(registry.has('mail.send')).toBe(true);
    expect(registry.get('mail.other')).toBeUndefined();
    expect(registry.types()).toEqual(['mail.send']);
  });

  it('refuses a second handler for the same type', () => {
    const registry = new JobHandlerRegistry();
    registry.register('orders.confirm', noop);
    expect(() => registry.register('orders.confirm', noop)).toThrow('A handler for job type "orders.confirm" is registered already.');
  });

  it.each(['', 'Mail.Send', 'mail send', '.mail', 'mail.', 'x'.repeat(101)])('refuses the malformed type %p', (type) => {
    expect(() => new JobHandlerRegistry().register(type, noop)).toThrow(/not a valid job type/);
  });
});

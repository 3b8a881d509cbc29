import { customerSentence } from './customer-history.js';

describe('what a customer reads of each status change', () => {
  it('says how the order was placed and how it was paid, in plain words', () => {
    expect(customerSentence(null, 'pending_payment', 'card')).toBe('Order placed: awaiting payment');
    expect(customerSentence(null, 'awaiting_payment', 'invoice')).toBe('Order placed on account: invoice issued');
    expect(customerSentence('pending_payment', 'paid', 'card')).toBe('Paid by card');
    expect(customerSentence('awaiting_payment', 'paid', 'invoice')).toBe('Paid in full by bank transfer');
  });

  it('names every later status without a note', () => {
    expect(customerSentence('paid', 'processing', 'card')).toBe('Being prepared');
    expect(customerSentence('processing', 'dispatched', 'card')).toBe('Dispatched');
    expect(customerSentence('dispatched', 'completed', 'card')).toBe('Completed');
    expect(customerSentence('pending_payment', 'cancelled', 'card')).toBe('Cancelled');
    expect(customerSentence('dispatched', 'refunded', 'invoice')).toBe('Refunded');
  });
});

import { lineDescription } from './line-description.js';

describe('lineDescription (an order line as one phrase)', () => {
  it('puts a plain option name in brackets', () => {
    expect(lineDescription('Manual Handling', 'DVD')).toBe('Manual Handling (DVD)');
  });

  it('never doubles brackets: an option that has its own follows a dash', () => {
    expect(lineDescription('Fire Safety', 'PowerPoint pack (download)')).toBe('Fire Safety – PowerPoint pack (download)');
    expect(lineDescription('Fire Safety', 'Pack [A3]')).toBe('Fire Safety – Pack [A3]');
  });

  it('is the title alone without an option name', () => {
    expect(lineDescription('Delivery', null)).toBe('Delivery');
    expect(lineDescription('Delivery', '  ')).toBe('Delivery');
  });
});

import { jsonOnce } from './serialize-once.js';

describe('jsonOnce', () => {
  it('serialises an object once and then answers from memory', () => {
    const value = { data: [1, 2], meta: { page: 1 } };
    expect(jsonOnce(value)).toBe('{"data":[1,2],"meta":{"page":1}}');
    value.meta.page = 2; // values must not change once returned: the text stays what it was
    expect(jsonOnce(value)).toBe('{"data":[1,2],"meta":{"page":1}}');
    expect(jsonOnce({ ...value })).toBe('{"data":[1,2],"meta":{"page":2}}');
  });
});

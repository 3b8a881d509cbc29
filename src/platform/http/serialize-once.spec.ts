import { jsonOnce } from './serialize-once.js';

describe('jsonOnce', () => {
  it('serialises an object once and then answers from memory', () => {
    const value = { data: [1, 2], meta: { page: 1 } };
    const first = jsonOnce(value);
    expect(first.toString('utf8')).toBe('{"data":[1,2],"meta":{"page":1}}');
    value.meta.page = 2; // values must not change once returned: the bytes stay what they were
    expect(jsonOnce(value)).toBe(first); // the same bytes, not a copy
    expect(jsonOnce({ ...value }).toString('utf8')).toBe('{"data":[1,2],"meta":{"page":2}}');
  });

  it('holds UTF-8 bytes, so the length is in bytes', () => {
    const bytes = jsonOnce({ title: 'Fire Marshal £49.99 – “Complete”' });
    expect(bytes.length).toBe(Buffer.byteLength('{"title":"Fire Marshal £49.99 – “Complete”"}'));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ title: 'Fire Marshal £49.99 – “Complete”' });
  });
});

import { JSON_ONCE_MAX_BYTES, jsonOnce, jsonOnceKeptBytes } from './serialize-once.js';

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

describe('jsonOnce memory', () => {
  it("keeps the bytes in memory of their own, not in a slice of Node's shared Buffer pool (ADR 0089)", () => {
    const bytes = jsonOnce({ text: 'x'.repeat(20_000) });
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});

describe('jsonOnce bytes kept', () => {
  it('keeps at most JSON_ONCE_MAX_BYTES of serialised bytes: the oldest objects are serialised again when asked', () => {
    const big = (n: number) => ({ n, text: 'x'.repeat(1024 * 1024) }); // ~1 MB of JSON each
    const objects = Array.from({ length: 12 }, (_, n) => big(n));
    const first = objects.map((object) => jsonOnce(object));
    expect(jsonOnceKeptBytes()).toBeLessThanOrEqual(JSON_ONCE_MAX_BYTES);
    // The newest are still kept (the same bytes), the oldest were let go (a new serialisation, equal in content).
    expect(jsonOnce(objects[11]!)).toBe(first[11]);
    const again = jsonOnce(objects[0]!);
    expect(again).not.toBe(first[0]);
    expect(again.equals(first[0]!)).toBe(true);
    expect(jsonOnceKeptBytes()).toBeLessThanOrEqual(JSON_ONCE_MAX_BYTES);
  });
});

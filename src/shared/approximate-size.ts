/**
 * Roughly how many bytes of V8's heap a plain value (a view: objects, arrays, strings, numbers) holds: strings by
 * their length, 8 bytes per property or element, 16 per object. Shared parts are counted once per path (a facet list
 * two results share counts twice), so the estimate errs high. It walks the value without building anything, about a
 * tenth of JSON.stringify's cost, so a cache can bound itself by bytes and not only by entries (ADR 0067).
 */
export function approximateSize(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + value.length;
  if (value === null || typeof value !== 'object') return 8;
  if (depth > 16) return 16;
  if (Buffer.isBuffer(value)) return 16 + value.length;
  let bytes = 16;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateSize(item, depth + 1);
    return bytes;
  }
  if (value instanceof Map) {
    for (const [key, item] of value) bytes += 16 + approximateSize(key, depth + 1) + approximateSize(item, depth + 1);
    return bytes;
  }
  for (const key in value) bytes += 8 + approximateSize((value as Record<string, unknown>)[key], depth + 1);
  return bytes;
}

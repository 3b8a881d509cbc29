/** `attachment` (or `inline`) with an ASCII fallback name and the exact name in RFC 5987 form, so no header injection. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const attachmentDisposition = (name: string): string => contentDisposition(name, 'attachment');

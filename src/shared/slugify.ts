/** "Fire Marshal & Warden: Essentials" → "fire-marshal-and-warden-essentials", at most `max` characters. */
export function slugify(text: string, max = 120): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** LIKE's own characters (`%`, `_` and the escape itself) taken literally: PostgreSQL's default escape is the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

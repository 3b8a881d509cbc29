/**
 * An empty table cell's dash ("—"), drawn by CSS, with what it means for screen readers ("No score"). The dash is not
 * written into the page: one character above U+00FF makes the whole rendered document a two-byte string, and a big
 * page then crosses V8's 128 kB large-object line on every copy Vike and the response make of it (ADR 0085).
 */
export function NoValue({ label }: { label: string }) {
  return (
    <span className="no-value">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

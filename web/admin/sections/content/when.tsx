import './content.css';
import { formatDateTime } from '../../../lib/format.js';

/** A time in a table cell, on one line; a dash for none. */
export function When({ iso }: { iso: string | null }) {
  return iso ? <span className="content-when">{formatDateTime(iso)}</span> : <>—</>;
}

import { formatDateTime } from '../../../lib/format.js';
import { Link } from '../../kit/links.js';
import { historyHeading, type AdminOrderView } from './order.resource.js';

/** What happened to the order, newest first: who did it (by name), the note, and whether the customer sees it. */
export function HistoryPanel({ order }: { order: AdminOrderView }) {
  return (
    <section className="admin-panel" aria-labelledby="admin-order-history">
      <h2 id="admin-order-history">History</h2>
      <ol className="admin-order__history" data-admin-history="">
        {[...order.history].reverse().map((entry, index) => (
          <li key={index}>
            <strong>{historyHeading(entry)}</strong> · {formatDateTime(entry.at)} ·{' '}
            <Actor id={entry.actor_id} name={entry.actor_name} customerId={order.customer.id} />
            {entry.note && (
              <p className="admin-order__note" data-admin-note-visible={entry.note_visible ? 'customer' : 'internal'}>
                <span className={entry.note_visible ? 'admin-order__note-tag admin-order__note-tag--shown' : 'admin-order__note-tag'}>
                  {entry.note_visible ? 'Shown to the customer' : 'Internal'}
                </span>{' '}
                {entry.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Who made a change: the shop (or the payment provider), the customer, or a member of staff by name. */
function Actor({ id, name, customerId }: { id: number | null; name: string | null; customerId: number }) {
  if (id === null) return <>the shop</>;
  if (id === customerId) return <>the customer{name ? ` (${name})` : ''}</>;
  return <Link to={`/admin/users/${id}`}>{name || `user ${id}`}</Link>;
}

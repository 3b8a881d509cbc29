import { useQuery } from '@tanstack/react-query';
import type { AdminProductView } from '../../../../src/modules/catalogue/index.js';
import { formatDateTime } from '../../../lib/format.js';
import { fetchList } from '../../api/admin-api.js';
import { Link } from '../../kit/links.js';
import { Empty, LoadError, Loading } from '../../kit/states.js';
import { sessions, type Session } from './session.resource.js';
import './product-sessions.css';

/**
 * The product editor's Sessions tab (issue 27, ADR 0051): the dates of this product's open courses, earliest first,
 * each linking to its editor, and a link per course option to add a date (the editor starts on that option). The
 * Sessions screen lists every product's dates; this is one product's.
 */
export function ProductSessionsTab({ product }: { product: Pick<AdminProductView, 'id' | 'title' | 'options'> }) {
  const courseOptions = product.options.filter((option) => option.kind === 'course');
  const list = useQuery({
    queryKey: [sessions.api, { product: product.id, per_page: 200 }],
    queryFn: () => fetchList<Session>(sessions.api, { product: product.id, per_page: 200 }),
  });
  return (
    <div className="product-tab" data-product-sessions="">
      <section className="admin-panel" aria-labelledby={`add-session-${product.id}`}>
        <h2 id={`add-session-${product.id}`} className="product-subform__title">
          Add a date
        </h2>
        {courseOptions.length === 0 ? (
          <p className="admin-muted">This product has no "Open course" option: add one on its Options tab to schedule dates.</p>
        ) : (
          <ul className="product-sessions__add">
            {courseOptions.map((option) => (
              <li key={option.id}>
                <Link to={`${sessions.screens}/add?option=${option.id}`} className="button button--secondary button--small" data-add-session={option.id}>
                  Add a session of {option.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="admin-muted">
          <Link to={`${sessions.screens}?product=${product.id}`}>All of this product's sessions on the Sessions screen</Link>
        </p>
      </section>
      {list.error ? (
        <LoadError error={list.error} what="the sessions" />
      ) : !list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <Empty>
          <p>No dates yet.</p>
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table__table">
            <caption className="visually-hidden">Sessions of {product.title}, earliest first</caption>
            <thead>
              <tr>
                <th scope="col">Starts</th>
                <th scope="col">Option</th>
                <th scope="col">Venue</th>
                {/* Places and status in one column, as on the Sessions screen: the phone's table stays readable. */}
                <th scope="col">Places</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((session) => (
                <tr key={session.id} data-product-session={session.id}>
                  <td>
                    <Link to={`${sessions.screens}/${session.id}`} aria-label={`Edit the session ${session.label}`}>
                      {formatDateTime(session.starts_at)}
                    </Link>
                  </td>
                  <td>{session.option_name ?? `Option ${session.option_id}`}</td>
                  <td>{session.online ? 'Online' : session.venue}</td>
                  <td>
                    {session.places_taken} of {session.capacity}
                    {session.status === 'cancelled' ? ', cancelled' : session.places_left === 0 ? ', full' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import type { OrderPlaceView } from '../../../../src/modules/training/index.js';
import { formatDateTime } from '../../../lib/format.js';
import { Link } from '../../kit/links.js';
import type { AdminOrderView } from './order.resource.js';

/**
 * An open-course order's places (training's `places` field, added to the order view through OrderViewAddons, ADR
 * 0048): per place its date, where, and the delegate the buyer named, so staff answering "who is coming from this
 * company?" need not open each session's register. Places given back (refunded, transferred away) are not listed.
 */
export function PlacesPanel({ order }: { order: AdminOrderView & { places?: OrderPlaceView[] } }) {
  const places = order.places ?? [];
  if (places.length === 0) return null;
  const titleOf = (lineId: number) => order.lines.find((line) => line.id === lineId)?.title ?? 'Course';
  return (
    <section className="admin-panel" aria-labelledby="admin-order-places" data-admin-places="">
      <h2 id="admin-order-places">Course places</h2>
      <table className="table admin-order__places">
        <caption className="visually-hidden">Places on this order and their delegates</caption>
        <thead>
          <tr>
            <th scope="col">Course and date</th>
            <th scope="col">Delegate</th>
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={`${place.line_id}:${place.seat_no}:${place.session_id}`} data-admin-place={place.seat_no}>
              <td>
                {titleOf(place.line_id)}, place {place.seat_no}
                <br />
                <Link to={`/admin/sessions/${place.session_id}/register`}>{formatDateTime(place.starts_at)}</Link>
                {' · '}
                {place.online ? 'Online' : (place.venue ?? 'Venue to be confirmed')}
              </td>
              <td>
                {place.name ? (
                  <>
                    {place.name}
                    <br />
                    <span className="admin-order__place-email">{place.email}</span>
                  </>
                ) : (
                  <em>Not named yet</em>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

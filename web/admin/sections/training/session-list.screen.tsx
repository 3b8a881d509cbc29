import { formatDateTime } from '../../../lib/format.js';
import { DateFilter } from '../../kit/filters.js';
import { Link } from '../../kit/links.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { sessions, type Session } from './session.resource.js';

const FILTERS = ['from', 'to', 'product'] as const;

/** Open-course sessions by date (issue 27): what is on, where, and how full. */
export function Component() {
  return (
    <ResourceList<Session>
      resource={sessions}
      title="Sessions"
      cards
      query={{ filters: FILTERS }}
      intro={<p className="admin-muted">Dates of open courses, earliest first. Buyers pick one on the product page; places are taken when they order.</p>}
      toolbar={(list) => (
        <>
          <DateFilter list={list} name="from" label="Starting from" />
          <DateFilter list={list} name="to" label="to" />
        </>
      )}
      columns={[
        { key: 'starts_at', header: 'Starts', render: (row) => formatDateTime(row.starts_at) },
        {
          key: 'product_title', header: 'Course',
          render: (row) => (
            <>
              {row.product_title ?? `Product ${row.product_id}`}
              {row.option_name && <span className="admin-muted"> · {row.option_name}</span>}
            </>
          ),
        },
        { key: 'venue', header: 'Venue', render: (row) => (row.online ? 'Online' : row.venue) },
        // One column for places: the phone's table stays narrow enough to read without scrolling far.
        { key: 'places_left', header: 'Places', render: (row) => `${row.places_taken} of ${row.capacity}${row.places_left === 0 ? ', full' : ''}` },
        { key: 'status', header: 'Status', render: (row) => (row.status === 'cancelled' ? 'Cancelled' : 'Scheduled') },
        {
          key: 'register', header: 'Register',
          render: (row) => (
            <Link to={`/admin/sessions/${row.id}/register`} data-session-register={row.id}>
              Register<span className="visually-hidden"> of {row.label}</span>
            </Link>
          ),
        },
      ]}
    />
  );
}

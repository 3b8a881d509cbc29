import { useId } from 'react';
import { When } from './when.js';
import { queryString } from '../../api/admin-api.js';
import { enquiries, ENQUIRY_TYPES, type Enquiry } from './content-lists.resource.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { CsvDownload } from './CsvDownload.js';

const FILTERS = ['type'] as const;
const typeLabel = (type: string) => ENQUIRY_TYPES.find((option) => option.value === type)?.label ?? type;

export function Component() {
  const typeId = useId();
  return (
    <ResourceList<Enquiry>
      resource={enquiries}
      title="Enquiries"
      searchLabel="name, company or e-mail"
      intro={<p className="admin-page__intro">What visitors sent from the contact and “Join us” pages, newest first.</p>}
      query={{ filters: FILTERS }}
      editable={false}
      actions={(list) => <CsvDownload href={`/api/admin/enquiries.csv${queryString({ type: list.params.type, search: list.params.search })}`} />}
      toolbar={(list) => (
        <div className="admin-filter">
          <label htmlFor={typeId}>Type</label>
          <select id={typeId} className="input" value={list.params.type ?? ''} onChange={(event) => list.set('type', event.currentTarget.value)} data-admin-filter="type">
            <option value="">All</option>
            {ENQUIRY_TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      columns={[
        { key: 'created_at', header: 'Received', render: (row) => <When iso={row.created_at} /> },
        { key: 'type', header: 'Type', render: (row) => typeLabel(row.type) },
        {
          key: 'name',
          header: 'From',
          render: (row) => (
            <>
              {row.name}
              {row.company && <span className="content-sub">{row.company}</span>}
            </>
          ),
        },
        {
          key: 'email',
          header: 'Contact',
          render: (row) => (
            <>
              <a href={`mailto:${row.email}`}>{row.email}</a>
              {row.phone && <span className="content-sub">{row.phone}</span>}
            </>
          ),
        },
        { key: 'message', header: 'Message', render: (row) => <Message text={row.message} /> },
      ]}
    />
  );
}

/** A long message opens in place, so the table stays readable and nothing is cut off for good. */
function Message({ text }: { text: string }) {
  if (text.length <= 140) return <p className="content-message">{text}</p>;
  return (
    <details className="content-message">
      <summary>{text.slice(0, 120).trimEnd()}…</summary>
      <p>{text}</p>
    </details>
  );
}

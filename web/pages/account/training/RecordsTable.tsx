import { navigate } from 'vike/client/router';
import type { TrainingRecordView } from '../../../../src/modules/training/index.js';
import { useHydrated } from '../../../components/FormControls.js';
import { NoValue } from '../../../components/NoValue.js';
import { Pagination } from '../../../components/Pagination.js';
import { EXPIRING_DAYS, recordsHref } from '../../../lib/training-paging.js';

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? ukDate.format(new Date(iso)) : 'Never');

// Each status's mark (✓, !, ✕) is drawn by training.css, not written in the page (ADR 0085).
const STATUS: Record<TrainingRecordView['status'], string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };

/**
 * The buyer's training records (ADR 0047): who completed which course, when, the score, the certificate and whether
 * it is still valid — what an employer shows an inspector — with "expiring within 60 days" and a CSV of all of them.
 * A certificate expiring within 60 days offers "Buy refresher seats" beside its date. One page of 50 (ADR 0057): the
 * filter and the page are in the address, so the links work without script and the CSV keeps every row.
 */
export function RecordsTable({ records, meta, expiring }: { records: TrainingRecordView[]; meta: { page: number; total: number; last_page: number }; expiring: boolean }) {
  const hydrated = useHydrated();
  const query = expiring ? `?expiring_within_days=${EXPIRING_DAYS}` : '';

  return (
    <section className="records" aria-labelledby="records-title" data-records="">
      <h2 id="records-title">Training records</h2>
      <div className="records__tools">
        <label className="records__filter">
          {/* Uncontrolled, so the box shows the click at once (one held to the loaded page's value sprang back until the
              navigation finished, as if the click had not counted); keyed by that value, so the loaded page resets it. */}
          <input
            key={String(expiring)}
            type="checkbox"
            defaultChecked={expiring}
            disabled={!hydrated}
            onChange={(event) => void navigate(recordsHref(event.target.checked, 1), { keepScrollPosition: true })}
            data-records-expiring=""
          />{' '}
          Only certificates expiring within {EXPIRING_DAYS} days
        </label>
        <a className="button button--secondary button--small" href={`/api/account/training-records.csv${query}`} download data-records-csv="">
          Download CSV
        </a>
      </div>
      {meta.total > 0 && (
        <p className="records__count" data-records-count={meta.total}>
          {meta.total === 1 ? 'One record' : `${meta.total} records`}
          {meta.last_page > 1 && `, page ${meta.page} of ${meta.last_page}`}
          {expiring ? `, expiring within ${EXPIRING_DAYS} days, soonest first.` : ', newest completion first.'}
        </p>
      )}
      {meta.total === 0 ? (
        <p data-records-empty="">{expiring ? `No certificate expires within ${EXPIRING_DAYS} days.` : 'Nobody has completed a course yet: completions appear here with their certificates.'}</p>
      ) : records.length === 0 ? (
        <p data-records-empty="">
          There is no page {meta.page}. <a href={recordsHref(expiring, 1)}>Go to the first page</a>.
        </p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby="records-title" tabIndex={0}>
          <table className="table table--cards" data-records-table="">
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col">Course</th>
                <th scope="col">Completed</th>
                <th scope="col">Score</th>
                <th scope="col">Expires</th>
                <th scope="col">Certificate</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.certificate_code} data-record={record.email}>
                  <th scope="row">
                    {record.name ?? record.email}
                    {record.name && <span className="licence__email">{record.email}</span>}
                  </th>
                  <td data-label="Course">{record.course}</td>
                  <td data-label="Completed">{formatDate(record.completed_at)}</td>
                  <td data-label="Score">{record.score === null ? <NoValue label="No score" /> : `${record.score}%`}</td>
                  <td data-label="Expires">
                    {formatDate(record.expires_at)}
                    {record.refresher_url && (
                      // Due within 60 days (the server decides): the product page with the licence's option preselected (ADR 0052).
                      <a className="records__refresher" href={record.refresher_url} data-record-refresher="">
                        Buy refresher seats<span className="visually-hidden">: {record.course}, {record.name ?? record.email}</span>
                      </a>
                    )}
                  </td>
                  <td data-label="Certificate" data-record-status={record.status}>
                    <a href={`/certificates/${record.certificate_code}`}>{record.certificate_code}</a> <span className={`records__status records__status--${record.status}`}>{STATUS[record.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={meta.page} lastPage={meta.last_page} label="Pages of the training records" hrefFor={(n) => `${recordsHref(expiring, n)}#records-title`} />
    </section>
  );
}

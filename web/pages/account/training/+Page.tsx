import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { apiFetch } from '../../../lib/api.js';
import { LEARNERS_SHOWN } from '../../../lib/training-paging.js';
import type { Data } from './+data.js';
import { LicenceCard, type Licence } from './LicenceCard.js';
import { RecordsTable } from './RecordsTable.js';
import './training.css';

/**
 * `/account/training` (issue 26): the buyer's online licences — seats used and free, each learner with their state
 * and a way to take an unfinished seat back — a form per licence to invite learners by pasting their addresses, and the
 * training records (completions and their certificates, "expiring within 60 days", CSV). Each licence shows its first
 * learners and links to its own page for all of them; the records come 50 to a page (ADR 0057).
 */
export default function Page() {
  const { licences: initial, records, recordsMeta, expiring } = useData<Data>();
  const [licences, setLicences] = useState<Licence[]>(initial);

  async function reload() {
    // Only the learners a card shows (ADR 0062): every learner of every licence was thousands of rows for a large buyer.
    setLicences(await apiFetch<Licence[]>(`/api/account/licences?learners=${LEARNERS_SHOWN}`));
  }

  return (
    <div className="container account-page" data-page="account-training">
      <h1>Online training</h1>
      <AccountNav />
      {licences.length === 0 ? (
        <p data-licences-empty="">
          When you buy online training, its licence appears here: you invite your learners by e-mail and follow their progress.{' '}
          <a href="/category/online-training">Browse online training</a>.
        </p>
      ) : (
        <>
          <p className="account-page__lead">
            Each licence has a number of seats. Invite a learner and they get an e-mail with a link to the course; a seat whose learner has not
            completed can be taken back and given to someone else.
          </p>
          <div className="licences">
            {licences.map((licence) => (
              <LicenceCard key={licence.id} licence={licence} onChanged={reload} shown={LEARNERS_SHOWN} />
            ))}
          </div>
        </>
      )}
      {/* Open courses' attended delegates are records too (ADR 0049): a buyer without licences may still have some. */}
      {(licences.length > 0 || recordsMeta.total > 0 || expiring) && <RecordsTable records={records} meta={recordsMeta} expiring={expiring} />}
    </div>
  );
}

import { useData } from 'vike-react/useData';
import { reload } from 'vike/client/router';
import { AccountNav } from '../../../../../components/AccountNav.js';
import { Pagination } from '../../../../../components/Pagination.js';
import type { Data } from './+data.js';
import { LicenceCard } from '../../LicenceCard.js';
import '../../training.css';

/**
 * `/account/training/licences/{id}` (ADR 0057): one licence with all its learners, 50 to a page, oldest invitation
 * first — where "Show all N learners" on /account/training leads. Inviting and taking back reload this page's data.
 */
export default function Page() {
  const { licence, meta } = useData<Data>();
  return (
    <div className="container account-page" data-page="account-training-licence">
      <p className="licence-page__back">
        <a href="/account/training">← Online training</a>
      </p>
      <AccountNav />
      <LicenceCard key={`${licence.id}-${meta.page}`} licence={licence} onChanged={reload} titleLevel={1} />
      <p className="licence-page__count" data-learners-count={meta.total}>
        {meta.total === 1 ? 'One learner' : `${meta.total} learners`}
        {meta.last_page > 1 && `, page ${meta.page} of ${meta.last_page}`}, oldest invitation first.
      </p>
      <Pagination page={meta.page} lastPage={meta.last_page} label="Pages of the licence's learners" path={`/account/training/licences/${licence.id}`} />
    </div>
  );
}

import { formatDateTime } from '../../../lib/format.js';
import { queryString } from '../../api/admin-api.js';
import { When } from './when.js';
import { newsletterSubscribers, type NewsletterSubscriber } from './content-lists.resource.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { CsvDownload } from './CsvDownload.js';

export function Component() {
  return (
    <ResourceList<NewsletterSubscriber>
      resource={newsletterSubscribers}
      title="Newsletter"
      searchLabel="e-mail address"
      intro={
        <p className="admin-page__intro">
          Everyone who signed up in the storefront’s footer, newest first. Unsubscribed addresses stay listed as the record of their consent.
        </p>
      }
      editable={false}
      actions={(list) => <CsvDownload href={`/api/admin/newsletter-subscribers.csv${queryString({ search: list.params.search })}`} />}
      columns={[
        { key: 'email', header: 'E-mail address' },
        {
          key: 'subscribed',
          header: 'Status',
          render: (row) => (
            <span className={`content-status content-status--${row.subscribed ? 'published' : 'draft'}`}>
              {row.subscribed ? 'Subscribed' : `Unsubscribed ${formatDateTime(row.unsubscribed_at)}`}
            </span>
          ),
        },
        { key: 'consented_at', header: 'Consented', render: (row) => <When iso={row.consented_at} /> },
        { key: 'created_at', header: 'Signed up', render: (row) => <When iso={row.created_at} /> },
      ]}
    />
  );
}

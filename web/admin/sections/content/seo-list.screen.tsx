import { formatDateTime } from '../../../lib/format.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { seoEntries, type SeoEntry } from './seo.resource.js';

export function Component() {
  return (
    <ResourceList<SeoEntry>
      resource={seoEntries}
      title="SEO"
      searchLabel="path or title"
      intro={<p className="admin-page__intro">Titles and descriptions for search engines, by page. A page without an entry uses its own.</p>}
      columns={[
        { key: 'path', header: 'Path' },
        { key: 'title', header: 'Title' },
        { key: 'updated_at', header: 'Updated', render: (row) => formatDateTime(row.updated_at) },
      ]}
    />
  );
}

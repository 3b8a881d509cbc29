import { When } from './when.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { lastEditor } from './last-editor.js';
import { widgets, type Widget } from './widget.resource.js';

export function Component() {
  return (
    <ResourceList<Widget>
      resource={widgets}
      title="Widgets"
      searchLabel="name"
      query={{ defaultSort: 'name' }}
      intro={<p className="admin-page__intro">Blocks of content that storefront pages show by name, such as the home page’s introduction.</p>}
      columns={[
        { key: 'name', header: 'Name', sort: 'name' },
        { key: 'updated_at', header: 'Last edited', sort: 'updated_at', render: (row) => <When iso={row.updated_at} /> },
        { key: 'updated_by', header: 'By', render: (row) => lastEditor(row.updated_by) },
      ]}
    />
  );
}

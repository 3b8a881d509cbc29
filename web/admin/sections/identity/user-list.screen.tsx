import { formatDateTime } from '../../../lib/format.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { users, type UserView } from './user.resource.js';

export function Component() {
  return (
    <ResourceList<UserView>
      resource={users}
      title="Users"
      searchLabel="e-mail, name or company"
      columns={[
        { key: 'email', header: 'E-mail' },
        { key: 'name', header: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
        { key: 'company_name', header: 'Company' },
        { key: 'role', header: 'Role', render: (row) => (row.role === 'admin' ? <span className="admin-status admin-status--processing">Administrator</span> : 'Customer') },
        { key: 'account_terms', header: 'On account', render: (row) => (row.account_terms ? 'Yes' : '') },
        { key: 'created_at', header: 'Joined', render: (row) => formatDateTime(row.created_at) },
        { key: 'last_login_at', header: 'Last sign-in', render: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : <span className="admin-muted">Never</span>) },
      ]}
    />
  );
}

import { STAFF_ROLE_LABELS } from '../../../../src/shared/contracts/staff.js';
import { formatDateTime } from '../../../lib/format.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { useReaches } from '../../kit/staff-access.js';
import { users, type UserView } from './user.resource.js';

/** ADR 0044: a role that reads users without changing them (orders) gets customers only from the API, and no "Add". */
export function Component() {
  const canChange = useReaches('users', 'write');
  return (
    <ResourceList<UserView>
      resource={users}
      title={canChange ? 'Users' : 'Customers'}
      searchLabel="e-mail, name or company"
      canAdd={canChange}
      columns={[
        { key: 'email', header: 'E-mail' },
        { key: 'name', header: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
        { key: 'company_name', header: 'Company' },
        {
          key: 'role',
          header: 'Role',
          render: (row) => (row.staff_role ? <span className="admin-status admin-status--processing">Staff: {STAFF_ROLE_LABELS[row.staff_role]}</span> : 'Customer'),
        },
        { key: 'account_terms', header: 'On account', render: (row) => (row.account_terms ? 'Yes' : '') },
        { key: 'created_at', header: 'Joined', render: (row) => formatDateTime(row.created_at) },
        { key: 'last_login_at', header: 'Last sign-in', render: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : <span className="admin-muted">Never</span>) },
      ]}
    />
  );
}

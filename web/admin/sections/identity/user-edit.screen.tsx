import { useParams } from 'react-router';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { NotForYourRole, useReaches, useStaffRole } from '../../kit/staff-access.js';
import { userFields, users, type UserView } from './user.resource.js';
import { UserOrdersTab, UserPreviewsTab, UserProductViewsTab, UserWidgetsTab } from './user-tabs.js';

/**
 * Seed §2: the user edit page's tabs — details, orders, previews, product views, widgets. ADR 0044: a role that
 * reads users without changing them (orders) sees a customer's details read-only, and only the tabs of areas it
 * reaches; it cannot add users.
 */
export function Component() {
  const { id } = useParams();
  const role = useStaffRole();
  const canChange = useReaches('users', 'write');
  const seesOrders = useReaches('orders');
  const seesWidgets = useReaches('content');
  if (id === undefined && !canChange) return <NotForYourRole role={role} />;
  return (
    <ResourceEditor<UserView>
      resource={users}
      fields={userFields}
      readOnly={!canChange}
      defaults={{ staff_role: '', account_terms: false, marketing_consent: false }}
      title={(user) => `${user.first_name} ${user.last_name}`}
      tabs={(user, details) => [
        details,
        ...(seesOrders ? [{ id: 'orders', label: 'Orders', render: () => <UserOrdersTab user={user} /> }] : []),
        { id: 'previews', label: 'Previews', render: () => <UserPreviewsTab user={user} readOnly={!canChange} /> },
        { id: 'product-views', label: 'Product views', render: () => <UserProductViewsTab user={user} /> },
        ...(seesWidgets ? [{ id: 'widgets', label: 'Widgets', render: () => <UserWidgetsTab user={user} /> }] : []),
      ]}
    />
  );
}

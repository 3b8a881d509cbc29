import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { userFields, users, type UserView } from './user.resource.js';
import { UserOrdersTab, UserPreviewsTab, UserProductViewsTab, UserWidgetsTab } from './user-tabs.js';

/** Seed §2: the user edit page's tabs — details, orders, previews, product views, widgets. */
export function Component() {
  return (
    <ResourceEditor<UserView>
      resource={users}
      fields={userFields}
      defaults={{ role: 'customer', account_terms: false, marketing_consent: false }}
      title={(user) => `${user.first_name} ${user.last_name}`}
      tabs={(user, details) => [
        details,
        { id: 'orders', label: 'Orders', render: () => <UserOrdersTab user={user} /> },
        { id: 'previews', label: 'Previews', render: () => <UserPreviewsTab user={user} /> },
        { id: 'product-views', label: 'Product views', render: () => <UserProductViewsTab user={user} /> },
        { id: 'widgets', label: 'Widgets', render: () => <UserWidgetsTab user={user} /> },
      ]}
    />
  );
}

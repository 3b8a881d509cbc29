import { formatPounds } from '../../../lib/money.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { deliveryTypes, type DeliveryType } from './delivery.resource.js';

const grams = (value: number) => (value >= 1000 ? `${(value / 1000).toLocaleString('en-GB')} kg` : `${value} g`);

export function Component() {
  return (
    <ResourceList<DeliveryType>
      resource={deliveryTypes}
      title="Delivery types"
      intro={<p className="admin-page__intro">What customers can choose at checkout for physical goods, by the basket’s weight. Downloads need none.</p>}
      columns={[
        { key: 'name', header: 'Name' },
        { key: 'price', header: 'Price ex VAT', numeric: true, render: (row) => formatPounds(row.price) },
        { key: 'band', header: 'Weight', render: (row) => `${grams(row.min_weight)} – ${row.max_weight === null ? 'no limit' : grams(row.max_weight)}` },
        { key: 'active', header: 'Offered', render: (row) => (row.active ? 'Yes' : 'No') },
        { key: 'sort_order', header: 'Order', numeric: true },
      ]}
    />
  );
}

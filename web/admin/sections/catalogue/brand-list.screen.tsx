import { ResourceList } from '../../kit/ResourceList.js';
import { brands, type Brand } from './brand.resource.js';

export function Component() {
  return (
    <ResourceList<Brand>
      resource={brands}
      title="Brand Logos"
      searchLabel="name"
      query={{ defaultSort: 'sort_order' }}
      columns={[
        { key: 'name', header: 'Name', sort: 'name' },
        { key: 'logo', header: 'Logo', render: (row) => (row.logo_url ? <img className="admin-thumb" src={row.logo_url} alt="" /> : <span className="admin-muted">No logo</span>) },
        { key: 'product_count', header: 'Products', sort: 'product_count', numeric: true },
        { key: 'sort_order', header: 'Order', sort: 'sort_order', numeric: true },
      ]}
    />
  );
}

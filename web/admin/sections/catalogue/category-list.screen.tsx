import { ResourceList } from '../../kit/ResourceList.js';
import { Link } from '../../kit/links.js';
import { categories, categoryScreen, type Category } from './product.resource.js';

export function Component() {
  return (
    <ResourceList<Category>
      resource={categories}
      title="Categories"
      searchLabel="name or slug"
      query={{ defaultSort: 'sort_order' }}
      intro={<p className="admin-page__intro">The shop’s categories, in the order its navigation lists them. A product may be in several.</p>}
      columns={[
        { key: 'name', header: 'Name', sort: 'name' },
        { key: 'slug', header: 'Slug', sort: 'slug' },
        { key: 'product_count', header: 'Products', sort: 'product_count', numeric: true },
        { key: 'published_count', header: 'Published', numeric: true },
        { key: 'sort_order', header: 'Order', sort: 'sort_order', numeric: true },
        { key: 'products', header: 'Its products', render: (row) => <ProductsLink category={row} /> },
      ]}
    />
  );
}

function ProductsLink({ category }: { category: Category }) {
  return (
    <Link to={categoryScreen(category.id)} aria-label={`Products of ${category.name}`}>
      Products
    </Link>
  );
}

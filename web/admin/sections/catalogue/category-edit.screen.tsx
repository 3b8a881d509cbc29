import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { categories, categoryFields, type Category } from './product.resource.js';

export function Component() {
  return (
    <ResourceEditor<Category>
      resource={categories}
      fields={categoryFields}
      defaults={{ sort_order: '0' }}
      title={(category) => category.name}
      // The API refuses (409, with the count) while it holds products; its message is then shown.
      deleteWarning={(category) => (category.product_count > 0 ? `It still holds ${category.product_count} product(s): move them to another category first.` : 'It leaves the shop’s navigation.')}
    />
  );
}

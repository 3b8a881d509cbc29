import type { ProductStatus } from './product.resource.js';

/** Draft or published, in words and colour (the colour alone would say nothing to a screen reader). */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return (
    <span className={`product-badge product-badge--${status}`} data-product-status={status}>
      {status === 'published' ? 'Published' : 'Draft'}
    </span>
  );
}

import { lazy, Suspense, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { LoadError, Loading } from '../../kit/states.js';
import { ProductCategoriesTab } from './product-categories.tab.js';
import { ProductCourseTab } from './product-course.tab.js';
import { ProductFilesTab } from './product-files.tab.js';
import { ProductOptionsTab } from './product-options.tab.js';
import { ProductVideosTab } from './product-videos.tab.js';
import { productFields, products, useAllBrands, useAllCategories, type Product } from './product.resource.js';
import { ProductSessionsTab } from '../training/product-sessions.tab.js';
import './products.css';

// The images tab brings drag-and-drop (dnd-kit, ~16 kB gzipped): loaded when the tab is first opened.
const ProductImagesTab = lazy(() => import('./product-images.tab.js').then((module) => ({ default: module.ProductImagesTab })));

/**
 * `/admin/products/add` (`?category={id}` preselects the category it was started from) and `/admin/products/{id}`
 * with the seed's tabs in the seed's order: categories, details, files, images, options, videos; then the training
 * course (issue 26), on every product, with a hint where no online access option sells it.
 */
export function Component() {
  const creating = useParams().id === undefined;
  const [searchParams] = useSearchParams();
  const brands = useAllBrands();
  const allCategories = useAllCategories();
  const fields = useMemo<FieldSpec[] | null>(() => {
    if (!brands.data || (creating && !allCategories.data)) return null;
    const details = productFields(brands.data.data);
    if (!creating) return details;
    // A new product is put in one category at once (the API's `category_ids`); more on its Categories tab.
    const category: FieldSpec = {
      name: 'category_id',
      label: 'Category',
      kind: 'select',
      numeric: true,
      options: allCategories.data!.data.map((each) => ({ value: String(each.id), label: each.name })),
      hint: 'More can be chosen on its Categories tab once it is created.',
    };
    return [...details.slice(0, 4), category, ...details.slice(4)];
  }, [brands.data, allCategories.data, creating]);
  const startedFrom = searchParams.get('category') ?? '';
  const defaults = useMemo(() => ({ status: 'draft', featured: false, category_id: startedFrom }), [startedFrom]);

  if (brands.error) return <LoadError error={brands.error} what="the brands" />;
  if (allCategories.error) return <LoadError error={allCategories.error} what="the categories" />;
  if (!fields) return <Loading />;
  return (
    <ResourceEditor<Product>
      resource={products}
      fields={fields}
      defaults={defaults}
      title={(product) => product.title}
      createBody={({ category_id: categoryId, ...body }) => ({ ...body, category_ids: typeof categoryId === 'number' ? [categoryId] : [] })}
      deleteWarning={(product) =>
        `It leaves the shop at once, with its ${product.options.length} option(s), ${product.images.length} image(s), ${product.files.length} file(s) and ${product.videos.length} video(s). Orders already placed keep their own copy.`
      }
      tabs={(product, details) => [
        { id: 'categories', label: 'Categories', render: () => <ProductCategoriesTab product={product} /> },
        details,
        { id: 'files', label: `Files (${product.files.length})`, render: () => <ProductFilesTab product={product} /> },
        {
          id: 'images',
          label: `Images (${product.images.length})`,
          render: () => (
            <Suspense fallback={<Loading />}>
              <ProductImagesTab product={product} />
            </Suspense>
          ),
        },
        { id: 'options', label: `Options (${product.options.length})`, render: () => <ProductOptionsTab product={product} /> },
        { id: 'videos', label: `Videos (${product.videos.length})`, render: () => <ProductVideosTab product={product} /> },
        { id: 'course', label: 'Course', render: () => <ProductCourseTab product={product} /> },
        // Open courses' dates (issue 27): only where an option sells places on them.
        ...(product.options.some((option) => option.kind === 'course')
          ? [{ id: 'sessions', label: 'Sessions', render: () => <ProductSessionsTab product={product} /> }]
          : []),
      ]}
    />
  );
}

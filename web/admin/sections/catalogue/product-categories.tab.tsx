import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { useNotify } from '../../kit/notifications.js';
import { LoadError, Loading } from '../../kit/states.js';
import { productPath, useProductChanged } from './product-tabs.js';
import { useAllCategories, type Product } from './product.resource.js';

/** The categories a product is listed in: every category as a checkbox, saved together (`PUT …/categories`). */
export function ProductCategoriesTab({ product }: { product: Product }) {
  const allCategories = useAllCategories();
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(product.category_ids));
  const [error, setError] = useState<string | null>(null);
  const dirty = chosen.size !== product.category_ids.length || product.category_ids.some((id) => !chosen.has(id));
  const save = useMutation({
    mutationFn: () => apiFetch<Product>(productPath(product.id, 'categories'), { method: 'PUT', body: { category_ids: [...chosen] } }),
    onSuccess: async (updated) => {
      setError(null);
      notify({ kind: 'success', message: 'Categories saved.' });
      await changed(updated);
    },
    onError: (failed) => {
      const failure = formFailure(failed);
      setError([failure.message, ...Object.values(failure.errors).flat()].join(' '));
    },
  });

  if (allCategories.error) return <LoadError error={allCategories.error} what="the categories" />;
  if (!allCategories.data) return <Loading />;
  return (
    <form
      className="admin-panel"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      data-product-categories=""
    >
      <fieldset className="product-checks">
        <legend className="field__label">Listed in</legend>
        <p className="field__hint">A product may be in several categories; in none, it is found only by search.</p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {allCategories.data.data.map((category) => (
          <div key={category.id} className="field__check">
            <input
              id={`product-category-${category.id}`}
              type="checkbox"
              className="field__checkbox"
              checked={chosen.has(category.id)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setChosen((current) => {
                  const next = new Set(current);
                  if (on) next.add(category.id);
                  else next.delete(category.id);
                  return next;
                });
              }}
            />
            <label className="field__check-label" htmlFor={`product-category-${category.id}`}>
              {category.name}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={save.isPending || !dirty} data-product-categories-save="">
          {save.isPending ? 'Saving…' : 'Save categories'}
        </button>
        {dirty && !save.isPending && (
          <span className="admin-form__dirty" role="status">
            Unsaved changes
          </span>
        )}
      </div>
    </form>
  );
}

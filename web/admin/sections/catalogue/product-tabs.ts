import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { useNotify } from '../../kit/notifications.js';
import { products, type Product } from './product.resource.js';

/**
 * What a tab does after it changed part of a product (an option, an image…): the product and every products
 * list are read again, so the tab counts, `price_from` and the list's thumbnail follow. An answer that is the
 * whole product is put in place at once.
 */
export function useProductChanged(productId: number): (updated?: Product) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (updated?: Product) => {
      if (updated) queryClient.setQueryData([products.api, String(productId)], updated);
      await queryClient.invalidateQueries({ queryKey: [products.api] });
    },
    [queryClient, productId],
  );
}

/** `/api/admin/products/{id}/…` */
export const productPath = (productId: number, rest: string) => `${products.api}/${productId}/${rest}`;

interface DeletePartOptions<T> {
  /** The part's path under the product (`files/12`). */
  path: (part: T) => string;
  /** The notification once it is gone ("fire-plan.pdf is deleted."). */
  deleted: (part: T) => string;
  /** Where a refusal goes (a file a download option still unlocks): a notification otherwise. */
  onRefused?: (message: string) => void;
  onDeleted?: () => void;
}

/**
 * Deleting one part of a product (an option, a file, a video, an image) after asking: `ask` opens the question,
 * `confirm` is what its ConfirmDialog takes; the product is read again once the part is gone.
 */
export function useDeletePart<T>(productId: number, { path, deleted, onRefused, onDeleted }: DeletePartOptions<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const notify = useNotify();
  const changed = useProductChanged(productId);
  const remove = useMutation({
    mutationFn: (part: T) => apiFetch<void>(productPath(productId, path(part)), { method: 'DELETE' }),
    onSuccess: async (_, part) => {
      setDeleting(null);
      onDeleted?.();
      notify({ kind: 'success', message: deleted(part) });
      await changed();
    },
    onError: (failed) => {
      setDeleting(null);
      const message = formFailure(failed).message;
      if (onRefused) onRefused(message);
      else notify({ kind: 'error', message });
    },
  });
  return {
    deleting,
    ask: setDeleting,
    confirm: {
      open: deleting !== null,
      busy: remove.isPending,
      onConfirm: () => deleting !== null && remove.mutate(deleting),
      onCancel: () => setDeleting(null),
    },
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

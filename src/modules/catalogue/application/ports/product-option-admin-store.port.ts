import type { ProductOption } from '../../domain/product-option.entity.js';

export const PRODUCT_OPTION_ADMIN_STORE = Symbol('ProductOptionAdminStore');

/**
 * A product's options as administrators change them. Changes run inside the transaction that locked the product
 * (ProductAdminStore.lock), so an option and the product's price_from never disagree.
 */
export interface ProductOptionAdminStore {
  options(productId: number): Promise<ProductOption[]>;
  findOption(productId: number, optionId: number): Promise<ProductOption | null>;
  findOptionByCode(code: string): Promise<ProductOption | null>;
  /** Persists the option; a code taken meanwhile becomes the duplicate-code error. */
  saveOption(option: ProductOption): Promise<void>;
  removeOption(option: ProductOption): Promise<void>;
}

import { DomainError, InvalidInputError } from '../../../shared/domain-error.js';

/**
 * The catalogue administration's expected failures, in one place so services and the persistence
 * adapters (which turn a unique-index race into the same answer) say the same thing.
 */
export const categorySlugTaken = (slug: string) => new InvalidInputError('slug', `Another category already has the slug "${slug}".`);
export const brandNameTaken = (name: string) => new InvalidInputError('name', `Another brand is already called "${name}".`);
export const productSlugTaken = (slug: string) => new InvalidInputError('slug', `Another product already has the slug "${slug}".`);
export const productCodeTaken = (code: string) => new InvalidInputError('code', `Another product already has the code "${code}".`);
export const optionCodeTaken = (code: string) => new InvalidInputError('code', `Another option already has the code "${code}".`);

/** 409: a category that still holds products is not deleted (products would silently leave the storefront). */
export function categoryInUse(name: string, products: number): DomainError {
  return new DomainError(
    'conflict',
    `The category "${name}" still holds ${products} product${products === 1 ? '' : 's'}. ` +
      'Move them to another category (PUT /api/admin/products/{id}/categories) before deleting it.',
  );
}

/** 409: a file a download option unlocks is not deleted (buyers of that option would get nothing). */
export function fileInUse(optionCodes: readonly string[]): DomainError {
  return new DomainError(
    'conflict',
    `This file is what the download option${optionCodes.length === 1 ? '' : 's'} ${optionCodes.join(', ')} unlock${optionCodes.length === 1 ? 's' : ''}. ` +
      'Give the option another file or delete it first.',
  );
}

import { InvalidInputError } from '../../../shared/domain-error.js';

export const slugTaken = (): InvalidInputError => new InvalidInputError('slug', 'Another post already uses this slug.');

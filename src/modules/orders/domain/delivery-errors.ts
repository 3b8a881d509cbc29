import { InvalidInputError } from '../../../shared/domain-error.js';

export const deliveryNameTaken = (name: string) => new InvalidInputError('name', `Another delivery type is already called "${name}".`);
export const deliveryBandUpsideDown = () => new InvalidInputError('max_weight', 'The maximum weight must be at least the minimum weight (or empty for no upper bound).');

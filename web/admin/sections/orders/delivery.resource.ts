import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';

/** docs/api/buying.md "Administration": delivery types (name, price ex VAT in pence, weight band in grams). */
export type { DeliveryTypeView as DeliveryType } from '../../../../src/modules/orders/index.js';

export const deliveryTypes = defineResource({ api: '/api/admin/delivery-types', screens: '/admin/delivery', noun: 'delivery type' });

export const deliveryTypeFields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: 120, hint: 'As customers see it at checkout, e.g. “Royal Mail Tracked 48”.' },
  { name: 'price', label: 'Price ex VAT', kind: 'money', required: true, hint: 'VAT at 20% is added at checkout.' },
  { name: 'min_weight', label: 'From weight (grams)', kind: 'number', hint: 'The lightest basket this delivery is offered for.' },
  { name: 'max_weight', label: 'Up to weight (grams)', kind: 'number', nullable: true, hint: 'Leave blank for no upper limit.' },
  { name: 'sort_order', label: 'Sort order', kind: 'number', hint: 'Lower numbers are listed first.' },
  { name: 'active', label: 'Offered at checkout', kind: 'checkbox' },
];

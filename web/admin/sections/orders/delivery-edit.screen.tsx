import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { deliveryTypeFields, deliveryTypes, type DeliveryType } from './delivery.resource.js';

export function Component() {
  return (
    <ResourceEditor<DeliveryType>
      resource={deliveryTypes}
      fields={deliveryTypeFields}
      defaults={{ active: true, min_weight: '0', sort_order: '0' }}
      title={(type) => type.name}
      deleteWarning={() => 'Customers will no longer be offered it. Orders already placed keep their own copy of the delivery.'}
    />
  );
}

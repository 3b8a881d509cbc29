import { STAFF_STATUS_LABELS, type OrderStatus } from './order.resource.js';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`admin-status admin-status--${status}`} data-order-status={status}>
      {STAFF_STATUS_LABELS[status]}
    </span>
  );
}

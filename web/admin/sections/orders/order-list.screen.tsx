import { formatDateTime } from '../../../lib/format.js';
import { formatPounds } from '../../../lib/money.js';
import { DateFilter, SelectFilter } from '../../kit/filters.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { orders, STAFF_STATUS_LABELS, STAFF_STATUSES, type AdminOrderSummaryView } from './order.resource.js';
import { StatusBadge } from './StatusBadge.js';

const FILTERS = ['status', 'to_dispatch', 'from', 'to'] as const;
/** The dashboard's "To dispatch": goods paid for, being prepared, or placed on account (DISPATCH_STATUSES). */
const DISPATCH_OPTIONS = [{ value: 'true', label: 'Waiting for dispatch' }];

export function Component() {
  return (
    <ResourceList<AdminOrderSummaryView>
      resource={orders}
      title="Orders"
      canAdd={false}
      searchLabel="order number, PO or e-mail"
      query={{ filters: FILTERS }}
      toolbar={(list) => (
        <>
          <SelectFilter list={list} name="status" label="Status" options={STAFF_STATUSES.map((status) => ({ value: status, label: STAFF_STATUS_LABELS[status] }))} />
          <SelectFilter list={list} name="to_dispatch" label="Dispatch" allLabel="Any" options={DISPATCH_OPTIONS} />
          <DateFilter list={list} name="from" label="Placed from" />
          <DateFilter list={list} name="to" label="to" />
        </>
      )}
      columns={[
        { key: 'number', header: 'Order' },
        { key: 'created_at', header: 'Placed', render: (row) => formatDateTime(row.created_at) },
        { key: 'customer', header: 'Customer', render: (row) => row.customer.email ?? `User ${row.customer.id}` },
        { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
        { key: 'po_number', header: 'PO' },
        { key: 'invoice_number', header: 'Invoice' },
        { key: 'grand_total', header: 'Total inc VAT', numeric: true, render: (row) => formatPounds(row.grand_total) },
      ]}
    />
  );
}

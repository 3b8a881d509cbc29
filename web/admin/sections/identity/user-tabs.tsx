import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPreviewView, UserProductView } from '../../../../src/modules/catalogue/index.js';
import type { AdminOrderSummaryView } from '../../../../src/modules/orders/index.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { formatPounds } from '../../../lib/money.js';
import { defineResource } from '../../api/admin-api.js';
import { DataTable } from '../../kit/DataTable.js';
import { Link } from '../../kit/links.js';
import { useNotify } from '../../kit/notifications.js';
import { useListQuery } from '../../kit/use-list-query.js';
import { StatusBadge } from '../orders/StatusBadge.js';
import type { UserView } from './user.resource.js';

const orders = defineResource({ api: '/api/admin/orders', screens: '/admin/orders', noun: 'order' });
const previews = defineResource({ api: '/api/admin/previews', screens: '/admin/users', noun: 'preview' });

export function UserOrdersTab({ user }: { user: UserView }) {
  const list = useListQuery<AdminOrderSummaryView>(orders, { fixed: { customer: user.id } });
  return (
    <DataTable
      list={list}
      caption={`Orders of ${user.email}`}
      rowHref={(row) => `/admin/orders/${row.id}`}
      rowKey={(row) => row.id}
      empty={<p>No orders yet.</p>}
      columns={[
        { key: 'number', header: 'Order' },
        { key: 'created_at', header: 'Placed', render: (row) => formatDateTime(row.created_at) },
        { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
        { key: 'po_number', header: 'PO' },
        { key: 'grand_total', header: 'Total inc VAT', numeric: true, render: (row) => formatPounds(row.grand_total) },
      ]}
    />
  );
}

const PREVIEW_STATES: Record<AdminPreviewView['state'], string> = { pending: 'Requested', active: 'Active', expired: 'Expired', revoked: 'Revoked' };

/**
 * Preview requests: approve a pending one, revoke, or give more days to an active or expired one. Read-only for a
 * role that reads users without changing them (ADR 0044): the list without its actions.
 */
export function UserPreviewsTab({ user, readOnly = false }: { user: UserView; readOnly?: boolean }) {
  const path = `/api/admin/users/${user.id}/previews`;
  const list = useListQuery<AdminPreviewView>(previews, { path });
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'approve' | 'revoke' | 'extend' }) =>
      apiFetch<AdminPreviewView>(`/api/admin/previews/${id}/${action}`, { method: 'POST', body: action === 'extend' ? { days: 7 } : {} }),
    onMutate: ({ id }) => setBusy(id),
    onSettled: () => setBusy(null),
    onSuccess: (preview, { action }) => {
      void queryClient.invalidateQueries({ queryKey: [path] });
      const done = { approve: 'approved for 7 days', revoke: 'revoked', extend: 'extended by 7 days' }[action];
      notify({ kind: 'success', message: `The preview of ${preview.product?.title ?? 'the product'} is ${done}.` });
    },
    onError: (error) => notify({ kind: 'error', message: formFailure(error).message }),
  });
  return (
    <DataTable
      list={list}
      caption={`Preview requests of ${user.email}`}
      rowKey={(row) => row.id}
      empty={<p>No preview requests.</p>}
      columns={[
        { key: 'product', header: 'Product', render: (row) => (row.product ? <Link to={`/admin/products/${row.product.id}`}>{row.product.title}</Link> : 'A deleted product') },
        { key: 'state', header: 'State', render: (row) => PREVIEW_STATES[row.state] },
        { key: 'requested_at', header: 'Requested', render: (row) => formatDateTime(row.requested_at) },
        { key: 'expires_at', header: 'Expires', render: (row) => (row.expires_at ? formatDateTime(row.expires_at) : '') },
        // ADR 0044: no actions for a role that reads users without changing them.
        ...(readOnly
          ? []
          : [
              {
                key: 'actions',
                header: 'Actions',
                render: (row: AdminPreviewView) => (
                  <span className="admin-row-actions">
                    {row.state === 'pending' && (
                      <button type="button" className="button button--small" disabled={busy === row.id} onClick={() => act.mutate({ id: row.id, action: 'approve' })} data-admin-preview-approve="">
                        Approve
                      </button>
                    )}
                    {(row.state === 'active' || row.state === 'expired') && (
                      <button type="button" className="button button--small button--secondary" disabled={busy === row.id} onClick={() => act.mutate({ id: row.id, action: 'extend' })}>
                        Extend 7 days
                      </button>
                    )}
                    {row.state !== 'revoked' && (
                      <button type="button" className="button button--small button--danger-ghost" disabled={busy === row.id} onClick={() => act.mutate({ id: row.id, action: 'revoke' })}>
                        Revoke
                      </button>
                    )}
                  </span>
                ),
              },
            ]),
      ]}
    />
  );
}

export function UserProductViewsTab({ user }: { user: UserView }) {
  const list = useListQuery<UserProductView>(previews, { path: `/api/admin/users/${user.id}/product-views` });
  return (
    <DataTable
      list={list}
      caption={`Products viewed by ${user.email}`}
      rowKey={(row) => row.id}
      empty={<p>No products viewed while signed in.</p>}
      columns={[
        { key: 'product', header: 'Product', render: (row) => <Link to={`/admin/products/${row.product.id}`}>{row.product.title}</Link> },
        { key: 'viewed_at', header: 'Viewed', render: (row) => formatDateTime(row.viewed_at) },
      ]}
    />
  );
}

interface EditedWidget {
  id: number;
  name: string;
  updated_at: string;
}

export function UserWidgetsTab({ user }: { user: UserView }) {
  const list = useListQuery<EditedWidget>(previews, { path: `/api/admin/users/${user.id}/widgets` });
  return (
    <DataTable
      list={list}
      caption={`Widgets last edited by ${user.email}`}
      rowHref={(row) => `/admin/widgets/${row.id}`}
      rowKey={(row) => row.id}
      empty={<p>This user has not edited any widget (or someone edited it since).</p>}
      columns={[
        { key: 'name', header: 'Widget' },
        { key: 'updated_at', header: 'Last edited', render: (row) => formatDateTime(row.updated_at) },
      ]}
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { Field } from '../../../components/forms/Field.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { useNotify } from '../../kit/notifications.js';
import { orders, STAFF_STATUS_LABELS, TRANSITION_ACTIONS, type AdminOrderView, type OrderStatus } from './order.resource.js';

/** Statuses that change money or goods, or need a tracking number: they open a dialog before they happen. */
const ASKS_FIRST: readonly OrderStatus[] = ['dispatched', 'cancelled', 'refunded'];

type TransitionBody = {
  note?: string;
  /** Show the note to the customer (issue 28): notes are internal unless ticked. */
  note_visible?: boolean;
  tracking_number?: string;
};

/** The statuses this order may move to (the order process decides), each a button. */
export function NextSteps({ order }: { order: AdminOrderView }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const move = useMutation({
    mutationFn: (body: { to: OrderStatus } & TransitionBody) =>
      apiFetch<AdminOrderView>(`${orders.api}/${order.id}/transitions`, { method: 'POST', body }),
    onSuccess: (updated) => {
      queryClient.setQueryData([orders.api, String(order.id)], updated);
      void queryClient.invalidateQueries({ queryKey: [orders.api] });
      setAsking(null);
      notify({ kind: 'success', message: `Order ${updated.number} is now ${STAFF_STATUS_LABELS[updated.status].toLowerCase()}.` });
    },
    onError: (error) => {
      // A field error stays in the dialog; a refusal (409: the process does not allow it) is said and the dialog closes.
      if (Object.keys(formFailure(error).errors).length === 0) {
        setAsking(null);
        notify({ kind: 'error', message: formFailure(error).message });
      }
    },
  });

  return (
    <section className="admin-panel" aria-labelledby="admin-order-next">
      <h2 id="admin-order-next">Next steps</h2>
      {order.next_statuses.length === 0 ? (
        <p className="admin-muted">None: the order is {STAFF_STATUS_LABELS[order.status].toLowerCase()}.</p>
      ) : (
        <div className="admin-order__steps">
          {order.next_statuses.map((status) => {
            const action = TRANSITION_ACTIONS[status];
            const danger = status === 'cancelled' || status === 'refunded';
            return (
              <button
                key={status}
                type="button"
                className={danger ? 'button button--danger-ghost' : 'button'}
                disabled={move.isPending}
                onClick={() => (ASKS_FIRST.includes(status) ? setAsking(status) : move.mutate({ to: status }))}
                data-admin-transition={status}
              >
                {action.label}
              </button>
            );
          })}
        </div>
      )}
      {asking && (
        <TransitionDialog
          key={asking}
          order={order}
          to={asking}
          busy={move.isPending}
          errors={move.error ? formFailure(move.error).errors : {}}
          onConfirm={(body) => move.mutate({ to: asking, ...body })}
          onCancel={() => {
            move.reset();
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}

function TransitionDialog({ order, to, busy, errors, onConfirm, onCancel }: {
  order: AdminOrderView;
  to: OrderStatus;
  busy: boolean;
  errors: Record<string, string[]>;
  onConfirm: (body: TransitionBody) => void;
  onCancel: () => void;
}) {
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const [visible, setVisible] = useState(false);
  const [missing, setMissing] = useState(false);
  const dispatching = to === 'dispatched';
  const action = TRANSITION_ACTIONS[to];
  return (
    <ConfirmDialog
      open
      title={`${action.label.replace('…', '')}: order ${order.number}`}
      confirmLabel={action.label.replace('…', '')}
      danger={to !== 'dispatched'}
      // "Cancel" beside "Cancel order" would read as either: the way out says what it keeps.
      dismissLabel={to === 'cancelled' ? 'Keep the order' : 'Cancel'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        if (dispatching && tracking.trim() === '') {
          setMissing(true);
          return;
        }
        onConfirm({ note: note.trim() || undefined, note_visible: note.trim() ? visible : undefined, tracking_number: dispatching ? tracking.trim() : undefined });
      }}
    >
      {action.confirm && <p>{action.confirm}</p>}
      {dispatching && (
        <Field
          field={{ name: 'tracking_number', label: 'Tracking number', required: true, maxLength: 60, hint: 'The customer gets it in the dispatch e-mail.' }}
          value={tracking}
          onChange={(value) => setTracking(String(value))}
          errors={missing && tracking.trim() === '' ? ['Enter the tracking number.'] : errors.tracking_number}
        />
      )}
      <Field
        field={{ name: 'note', label: 'Note for the history', hint: 'Internal unless shown to the customer below.', kind: 'textarea', maxLength: 2000 }}
        value={note}
        onChange={(value) => setNote(String(value))}
        errors={errors.note}
      />
      <Field
        field={{ name: 'note_visible', label: 'Show the note to the customer', kind: 'checkbox', hint: 'Otherwise it is internal: the customer sees only the new status.' }}
        value={visible}
        onChange={(value) => setVisible(value === true)}
        errors={errors.note_visible}
      />
    </ConfirmDialog>
  );
}

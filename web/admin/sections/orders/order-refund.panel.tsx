import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { formatPounds } from '../../../lib/money.js';
import { Field, FieldError } from '../../../components/forms/Field.js';
import { useNotify } from '../../kit/notifications.js';
import { orders, type AdminOrderView } from './order.resource.js';

type RefundBody = {
  lines: Array<{ line_id: number; qty: number }>;
  delivery: boolean;
  restock: boolean;
  note?: string;
  note_visible?: boolean;
};

/**
 * "Refund items" (issue 28 item 7, ADR 0045): how many of each line to refund (at most what is left), the delivery
 * charge whole or not, whether returned goods go back into stock, and a note. Each refund gets its own credit note;
 * refunding all that is left makes the order refunded.
 */
export function RefundPanel({ order }: { order: AdminOrderView }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const formId = useId();
  const left = order.refundable;
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [delivery, setDelivery] = useState(false);
  const [restock, setRestock] = useState(false);
  const [note, setNote] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sent, setSent] = useState<number[]>([]);
  const refund = useMutation({
    mutationFn: (body: RefundBody) => apiFetch<{ credit_note_number: string; gross: number; order: { status: string } }>(`${orders.api}/${order.id}/refunds`, { method: 'POST', body }),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: [orders.api] });
      setQuantities({});
      setDelivery(false);
      setRestock(false);
      setNote('');
      setVisible(false);
      setErrors({});
      notify({ kind: 'success', message: `Refunded ${formatPounds(made.gross)}: credit note ${made.credit_note_number}${made.order.status === 'refunded' ? '. Nothing is left to refund.' : '.'}` });
    },
    onError: (error) => {
      const failure = formFailure(error);
      if (Object.keys(failure.errors).length > 0) setErrors(failure.errors);
      else notify({ kind: 'error', message: failure.message });
    },
  });
  if (!left) return null;
  const open = left.lines.filter((line) => line.qty > 0);
  if (open.length === 0 && !left.delivery) return null;
  const lineOf = new Map(order.lines.map((line) => [line.id, line]));
  /** The API names errors by the position in the sent list; the form shows them by the line. */
  const errorsOf = (lineId: number, field: 'qty' | 'line_id') => {
    const index = sent.indexOf(lineId);
    return index < 0 ? undefined : errors[`lines.${index}.${field}`];
  };

  return (
    <section className="admin-panel" aria-labelledby={`${formId}-heading`} data-admin-refund="">
      <h2 id={`${formId}-heading`}>Refund items</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const lines: RefundBody['lines'] = [];
          const local: Record<string, string[]> = {};
          for (const line of open) {
            const raw = (quantities[line.line_id] ?? '').trim();
            if (raw === '' || raw === '0') continue;
            const qty = Number(raw);
            if (!Number.isInteger(qty) || qty < 0 || qty > line.qty) local[`line-${line.line_id}`] = [`Enter a whole number from 0 to ${line.qty}.`];
            else lines.push({ line_id: line.line_id, qty });
          }
          if (Object.keys(local).length === 0 && lines.length === 0 && !delivery) local.lines = ['Choose at least one item, or the delivery charge.'];
          if (Object.keys(local).length > 0) {
            setSent([]);
            setErrors(local);
            return;
          }
          setSent(lines.map((line) => line.line_id));
          refund.mutate({ lines, delivery, restock, note: note.trim() || undefined, note_visible: note.trim() ? visible : undefined });
        }}
      >
        {open.length > 0 && (
          <fieldset className="admin-refund__lines">
            <legend>How many of each to refund</legend>
            {open.map((line) => {
              const orderLine = lineOf.get(line.line_id)!;
              const name = `refund-qty-${line.line_id}`;
              const lineErrors = errors[`line-${line.line_id}`] ?? errorsOf(line.line_id, 'qty') ?? errorsOf(line.line_id, 'line_id');
              return (
                <div key={line.line_id} className={`admin-refund__line field${lineErrors ? ' field--invalid' : ''}`} data-refund-line={line.line_id}>
                  <label htmlFor={`${formId}-${name}`} className="field__label">
                    {orderLine.title} ({orderLine.option_name}) <span className="admin-muted">· {formatPounds(orderLine.unit_price)} each ex VAT · up to {line.qty}</span>
                  </label>
                  <input
                    id={`${formId}-${name}`}
                    name={name}
                    className="input admin-refund__qty"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.qty}
                    step={1}
                    value={quantities[line.line_id] ?? ''}
                    placeholder="0"
                    onChange={(event) => setQuantities({ ...quantities, [line.line_id]: event.target.value })}
                    aria-invalid={lineErrors ? true : undefined}
                    aria-describedby={lineErrors ? `${formId}-${name}-error` : undefined}
                  />
                  {lineErrors && <FieldError id={`${formId}-${name}-error`} name={name} errors={lineErrors} />}
                </div>
              );
            })}
          </fieldset>
        )}
        {errors.lines && <FieldError id={`${formId}-lines-error`} name="lines" errors={errors.lines} />}
        {left.delivery && order.delivery && (
          <Field
            field={{ name: 'refund_delivery', label: `Refund the delivery charge (${order.delivery.name}, ${formatPounds(order.totals.delivery)} ex VAT)`, kind: 'checkbox' }}
            value={delivery}
            onChange={(value) => setDelivery(value === true)}
            errors={errors.delivery}
          />
        )}
        <Field
          field={{ name: 'refund_restock', label: 'Put the returned goods back into stock', kind: 'checkbox', hint: 'Leave unticked for goods not returned, damaged, or dispatched and kept.' }}
          value={restock}
          onChange={(value) => setRestock(value === true)}
          errors={errors.restock}
        />
        <Field
          field={{ name: 'refund_note', label: 'Note for the history', hint: 'Internal unless shown to the customer below.', kind: 'textarea', maxLength: 2000, rows: 2 }}
          value={note}
          onChange={(value) => setNote(String(value))}
          errors={errors.note}
        />
        <Field
          field={{ name: 'refund_note_visible', label: 'Show the note to the customer', kind: 'checkbox' }}
          value={visible}
          onChange={(value) => setVisible(value === true)}
          errors={errors.note_visible}
        />
        <button type="submit" className="button button--danger-ghost" disabled={refund.isPending} data-admin-refund-submit="">
          {refund.isPending ? 'Refunding…' : 'Refund and issue credit note'}
        </button>
      </form>
    </section>
  );
}

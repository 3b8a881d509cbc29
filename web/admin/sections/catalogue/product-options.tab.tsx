import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiFetch } from '../../../lib/api.js';
import { formatPounds } from '../../../lib/money.js';
import { formFailure, INVALID_FORM_MESSAGE } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { ItemTable, type ItemColumn } from '../../kit/ItemTable.js';
import { Field } from '../../../components/forms/Field.js';
import { formBody, formValuesOf, isDirty, type FieldSpec, type FormValues } from '../../../components/forms/form-values.js';
import { useNotify } from '../../kit/notifications.js';
import { Empty } from '../../kit/states.js';
import { FileUploader } from './product-files.tab.js';
import { productPath, useDeletePart, useProductChanged } from './product-tabs.js';
import { OPTION_LIMITS } from '../../../../src/shared/contracts/catalogue.js';
import { OPTION_KIND_LABELS, type Product, type ProductFile, type ProductOption } from './product.resource.js';

const optionFields = (files: readonly ProductFile[]): FieldSpec[] => [
  { name: 'name', label: 'Name', required: true, maxLength: 120, hint: 'As buyers see it, e.g. “DVD” or “Online licence, 10 users”.' },
  { name: 'code', label: 'Option code', required: true, maxLength: 64, hint: 'Unique across all options.' },
  { name: 'price', label: 'Price ex VAT', kind: 'money', required: true },
  { name: 'kind', label: 'Kind', kind: 'select', required: true, options: Object.entries(OPTION_KIND_LABELS).map(([value, label]) => ({ value, label })) },
  {
    name: 'file_id',
    label: 'File',
    kind: 'select',
    numeric: true,
    nullable: true,
    options: files.map((file) => ({ value: String(file.id), label: file.name })),
    hint: files.length === 0 ? 'Required for downloads. Upload one on the Files tab first.' : 'Required for downloads: what the buyer gets.',
  },
  {
    name: 'seats',
    label: 'Seats',
    kind: 'number',
    nullable: true,
    hint: `Online training only (required there): learners one unit gives, 1 to ${OPTION_LIMITS.seats}. A buyer of 2 × 10 seats can invite 20.`,
  },
  { name: 'weight', label: 'Weight (grams)', kind: 'number', hint: 'Posted options only; decides the delivery price.' },
  { name: 'qty', label: 'Quantity in stock', kind: 'number', nullable: true, hint: 'Leave blank for unlimited.' },
  { name: 'sort_order', label: 'Sort order', kind: 'number', hint: 'Lower numbers are listed first; new options go last.' },
  { name: 'active', label: 'On sale', kind: 'checkbox', hint: 'Inactive options are hidden from the shop.' },
];

/** A product's options (what is sold: DVD, licence, download…): a table, a form to add or edit one, delete after asking. */
export function ProductOptionsTab({ product }: { product: Product }) {
  const [editing, setEditing] = useState<ProductOption | 'new' | null>(null);
  const remove = useDeletePart<ProductOption>(product.id, { path: (option) => `options/${option.id}`, deleted: (option) => `The option ${option.name} is deleted.` });
  const fileName = (id: number | null) => product.files.find((file) => file.id === id)?.name;
  const columns: ItemColumn<ProductOption>[] = [
    { header: 'Name', cell: (option) => option.name },
    { header: 'Code', cell: (option) => option.code },
    {
      header: 'Kind',
      cell: (option) => (
        <>
          {OPTION_KIND_LABELS[option.kind]}
          {option.kind === 'download' && fileName(option.file_id) && <span className="product-muted-line">{fileName(option.file_id)}</span>}
          {option.kind === 'online_access' && option.seats !== null && (
            <span className="product-muted-line">{option.seats === 1 ? '1 seat' : `${option.seats} seats`}</span>
          )}
        </>
      ),
    },
    { header: 'Price ex VAT', numeric: true, cell: (option) => formatPounds(option.price) },
    { header: 'Stock', numeric: true, cell: (option) => (option.qty === null ? 'Unlimited' : option.qty) },
    { header: 'On sale', cell: (option) => (option.active ? 'Yes' : 'No') },
  ];

  return (
    <div className="product-tab" data-product-options="">
      {product.options.length === 0 ? (
        <Empty>
          <p>No options yet: the product cannot be bought until it has one. Add the first with “Add option”.</p>
        </Empty>
      ) : (
        <ItemTable
          caption={`Options of ${product.title}`}
          items={product.options}
          columns={columns}
          nameOf={(option) => option.name}
          rowData={(option) => ({ 'data-product-option': option.code })}
          onEdit={setEditing}
          onDelete={remove.ask}
        />
      )}
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => setEditing('new')} data-product-add-option="">
            Add option
          </button>
        </p>
      ) : (
        <OptionForm
          key={editing === 'new' ? 'new' : editing.id}
          product={product}
          option={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ConfirmDialog {...remove.confirm} title={`Delete the option ${remove.deleting?.name ?? ''}?`} confirmLabel="Delete option">
        <p>Buyers can no longer choose it. Orders already placed keep their own copy.</p>
      </ConfirmDialog>
    </div>
  );
}

function OptionForm({ product, option, onDone }: { product: Product; option: ProductOption | undefined; onDone: () => void }) {
  const creating = option === undefined;
  const notify = useNotify();
  const changed = useProductChanged(product.id);
  const fields = useMemo(() => optionFields(product.files), [product.files]);
  const initial = useMemo(() => formValuesOf(fields, option as Record<string, unknown> | undefined, { kind: 'physical', weight: '0', active: true }), [fields, option]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      creating
        ? apiFetch<ProductOption>(productPath(product.id, 'options'), { method: 'POST', body })
        : apiFetch<ProductOption>(productPath(product.id, `options/${option.id}`), { method: 'PUT', body }),
    onSuccess: async (saved) => {
      notify({ kind: 'success', message: creating ? `The option ${saved.name} is added.` : `The option ${saved.name} is saved.` });
      await changed();
      onDone();
    },
    onError: (failed) => {
      const failure = formFailure(failed);
      setErrors(failure.errors);
      setMessage(failure.message);
    },
  });
  const unplaced = Object.entries(errors).filter(([name]) => !fields.some((field) => field.name === name));

  return (
    <form
      className="admin-form product-subform"
      aria-label={creating ? 'New option' : `Edit ${option.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const { body, errors: local } = formBody(fields, values, initial, creating ? 'create' : 'update');
        if (Object.keys(local).length > 0) {
          setErrors(local);
          setMessage(INVALID_FORM_MESSAGE);
          return;
        }
        if (!creating && !isDirty(values, initial)) {
          onDone();
          return;
        }
        setErrors({});
        setMessage(null);
        save.mutate(body);
      }}
      data-product-option-form=""
    >
      <h2 className="product-subform__title">{creating ? 'New option' : `Edit ${option.name}`}</h2>
      {message && (
        <div className="notice notice--error" role="alert" data-admin-form-error="">
          <p>{message}</p>
          {unplaced.length > 0 && (
            <ul>
              {unplaced.map(([name, reasons]) => (
                <li key={name}>{reasons.join(' ')}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="admin-form__fields">
        {fields.map((field) => (
          <Field
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            errors={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
      </div>
      {values.kind === 'download' && (
        <details className="product-inline-upload" open={product.files.length === 0}>
          <summary>Upload a new file for this option</summary>
          <FileUploader product={product} onUploaded={(file) => setValues((current) => ({ ...current, file_id: String(file.id) }))} />
        </details>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={save.isPending} data-product-option-save="">
          {save.isPending ? 'Saving…' : creating ? 'Add option' : 'Save option'}
        </button>
        <button type="button" className="button button--ghost product-cancel" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

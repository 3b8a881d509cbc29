import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from './links.js';
import { formFailure, INVALID_FORM_MESSAGE } from '../../lib/form-errors.js';
import { pluralOf, resourceApi, type AdminResource } from '../api/admin-api.js';
import { FieldSections } from '../../components/forms/FieldSections.js';
import { formBody, formValuesOf, groupOf, isDirty, type FieldSpec, type FormValues } from '../../components/forms/form-values.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Tabs, type Tab } from './Tabs.js';
import { useNotify } from './notifications.js';
import { LoadError, Loading } from './states.js';
import { useUnsavedChangesWarning } from './use-unsaved-changes.js';

const PORTAL_LOOK = { section: 'admin-form__section', fields: 'admin-form__fields' };

export interface ResourceEditorProps<T extends { id: number }> {
  resource: AdminResource;
  fields: readonly FieldSpec[];
  /** The heading of an existing one ("Royal Mail Tracked 48"). */
  title: (item: T) => string;
  /** The blanks of a new one (`{active: true}`). */
  defaults?: FormValues;
  /** More sections under the form for an existing one (a logo upload, a list of its files). */
  children?: (item: T) => ReactNode;
  /** What deleting does, in the confirm dialog; no delete button without it. */
  deleteWarning?: (item: T) => string;
  /**
   * An existing one's tabs (seed §2: a product's categories, details, files…). `details` is the form, to be placed
   * where the page wants it; a new one shows the form alone.
   */
  tabs?: (item: T, details: Tab) => Tab[];
  /** Shapes a new one's body before it is sent (a product's chosen category → `category_ids: [id]`). */
  createBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Shown, not edited: the staff role reads this area but cannot change it (ADR 0044). No save, no delete. */
  readOnly?: boolean;
}

/**
 * The add and edit screen of one resource: loads it by the `:id` of the URL (none on `…/add`), shows its fields
 * with the API's 422 reasons beside them, saves only what changed, warns before unsaved changes are lost, and
 * deletes after a confirmation. A resource's screen is then its fields and its title.
 */
export function ResourceEditor<T extends { id: number }>({ resource, fields, title, defaults, children, deleteWarning, tabs, createBody, readOnly }: ResourceEditorProps<T>) {
  const { id } = useParams();
  const creating = id === undefined;
  const query = useQuery({
    queryKey: [resource.api, id],
    queryFn: () => resourceApi.get<T>(resource, id!),
    enabled: !creating,
  });
  if (!creating && query.isPending) return <Loading />;
  if (!creating && query.error) return <LoadError error={query.error} what={`this ${resource.noun}`} />;
  const item = creating ? undefined : query.data;
  // A fresh form for each loaded version: saving replaces `item`, and the form starts clean from it.
  return (
    <EditorForm<T>
      key={item ? `${item.id}` : 'new'}
      resource={resource}
      fields={fields}
      item={item}
      title={title}
      defaults={defaults}
      deleteWarning={deleteWarning}
      tabs={tabs}
      createBody={createBody}
      readOnly={readOnly}
    >
      {children}
    </EditorForm>
  );
}

interface EditorFormProps<T extends { id: number }> extends Omit<ResourceEditorProps<T>, 'children'> {
  item: T | undefined;
  children?: (item: T) => ReactNode;
}

function EditorForm<T extends { id: number }>({ resource, fields, item, title, defaults, children, deleteWarning, tabs, createBody, readOnly }: EditorFormProps<T>) {
  const creating = item === undefined;
  const formId = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useMemo(() => formValuesOf(fields, item as Record<string, unknown> | undefined, defaults), [fields, item, defaults]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = isDirty(values, initial);
  const unsaved = useUnsavedChangesWarning(dirty);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      creating ? resourceApi.create<T>(resource, createBody ? createBody(body) : body) : resourceApi.update<T>(resource, item.id, body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: [resource.api] });
      queryClient.setQueryData([resource.api, String(saved.id)], saved);
      notify({ kind: 'success', message: creating ? `The ${resource.noun} is created.` : 'Saved.' });
      if (!creating) setValues(formValuesOf(fields, saved as Record<string, unknown>, defaults));
      if (creating) {
        unsaved.allowNextNavigation();
        void navigate(`${resource.screens}/${saved.id}`, { replace: true });
      }
    },
    onError: (error) => {
      const failure = formFailure(error);
      setErrors(failure.errors);
      setMessage(failure.message);
    },
  });

  const remove = useMutation({
    mutationFn: () => resourceApi.remove(resource, item!.id),
    onSuccess: () => {
      notify({ kind: 'success', message: `The ${resource.noun} is deleted.` });
      unsaved.allowNextNavigation();
      void navigate(resource.screens);
      // Its own query is dropped, not refetched (that would ask for what was just deleted: a 404); the lists are.
      const deleted = String(item!.id);
      queryClient.removeQueries({ queryKey: [resource.api, deleted] });
      void queryClient.invalidateQueries({ queryKey: [resource.api], predicate: (query) => query.queryKey[1] !== deleted });
    },
    onError: (error) => {
      setConfirmDelete(false);
      notify({ kind: 'error', message: formFailure(error).message });
    },
  });

  // The heading follows a save that renamed it; the document title says where we are.
  const heading = item ? title(item) : `New ${resource.noun}`;
  useEffect(() => {
    document.title = `${heading} | Administration Portal`;
  }, [heading]);

  const submit = () => {
    const { body, errors: local } = formBody(fields, values, initial, creating ? 'create' : resource.replaceOnUpdate ? 'replace' : 'update');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setMessage(INVALID_FORM_MESSAGE);
      return;
    }
    if (!creating && !dirty) {
      notify({ kind: 'info', message: 'Nothing to save: no field has changed.' });
      return;
    }
    setErrors({});
    setMessage(null);
    save.mutate(body);
  };

  // A code fixed once made (createOnly) is shown, not edited, on an existing one.
  const shown = useMemo(
    () => (creating ? fields : fields.map((field) => (field.createOnly || readOnly ? { ...field, readOnly: true } : field))),
    [fields, creating, readOnly],
  );
  const unplaced = Object.entries(errors).filter(([name]) => !fields.some((field) => field.name === name || groupOf(field) === name));
  const form = (
    <form
      id={formId}
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
      {readOnly && (
        <p className="notice" data-admin-read-only="">
          Your staff role can look at this {resource.noun} but not change it.
        </p>
      )}
      <FieldSections
        fields={shown}
        values={values}
        errors={errors}
        look={PORTAL_LOOK}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
      {!readOnly && (
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={save.isPending} data-admin-save="">
            {save.isPending ? 'Saving…' : creating ? `Create ${resource.noun}` : 'Save changes'}
          </button>
          {dirty && !save.isPending && (
            <span className="admin-form__dirty" role="status">
              Unsaved changes
            </span>
          )}
          {item && deleteWarning && (
            <button type="button" className="button button--danger-ghost" onClick={() => setConfirmDelete(true)} data-admin-delete="">
              Delete {resource.noun}
            </button>
          )}
        </div>
      )}
    </form>
  );
  return (
    <section className="admin-page" data-admin-editor={resource.noun}>
      <p className="admin-breadcrumb">
        <Link to={resource.screens}>← All {pluralOf(resource)}</Link>
      </p>
      <h1>{heading}</h1>
      {item && tabs ? <Tabs label={heading} defaultTab="details" tabs={tabs(item, { id: 'details', label: 'Details', render: () => form })} /> : form}
      {item && children?.(item)}
      {item && deleteWarning && !readOnly && (
        <ConfirmDialog
          open={confirmDelete}
          title={`Delete ${title(item)}?`}
          confirmLabel={`Delete ${resource.noun}`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirmDelete(false)}
        >
          <p>{deleteWarning(item)}</p>
        </ConfirmDialog>
      )}
      {unsaved.dialog}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Field, FieldError } from './Field.js';
import { fieldIdOf, groupOf, type FieldSpec, type FormValues } from './form-values.js';

/** The class names of a form's fieldsets: the storefront's by default, the portal passes its own. */
export interface SectionLook {
  section: string;
  legend?: string;
  /** The box around a section's fields (a grid). */
  fields: string;
}

const PAGE_LOOK: SectionLook = { section: 'fieldset', legend: 'fieldset__legend', fields: 'form__fields' };

interface FieldSectionsProps {
  fields: readonly FieldSpec[];
  values: FormValues;
  /** The reasons per API field name; an object field's own (`billing_address`) show at the top of its fieldset. */
  errors: Record<string, string[]>;
  onChange: (name: string, value: string | boolean) => void;
  /** Inputs get ids `<prefix>-<name>`, for an error summary's links (fieldIdOf); React's own ids otherwise. */
  idPrefix?: string;
  look?: SectionLook;
}

/**
 * A form's fields in order: runs of the same `section` as a fieldset with that legend, runs of the same `row`
 * side by side. The form around them, its submission and its messages are the page's.
 */
export function FieldSections({ fields, values, errors, onChange, idPrefix, look = PAGE_LOOK }: FieldSectionsProps) {
  return (
    <>
      {runsOf(fields, (field) => field.section).map(({ key: section, items }, index) => {
        const group = items.map(groupOf).find((name) => name !== null);
        const inputs = (
          <div className={look.fields}>
            {group && errors[group] && <FieldError name={group} errors={errors[group]} />}
            {runsOf(items, (field) => field.row).map(({ key: row, items: line }) => {
              const drawn = line.map((field) => (
                <Field
                  key={field.name}
                  field={field}
                  id={idPrefix ? fieldIdOf(idPrefix, field.name) : undefined}
                  value={values[field.name] ?? ''}
                  errors={errors[field.name]}
                  onChange={(value) => onChange(field.name, value)}
                />
              ));
              return row ? <Row key={`row-${line[0]!.name}`}>{drawn}</Row> : drawn;
            })}
          </div>
        );
        return section ? (
          <fieldset key={`${section}-${index}`} className={look.section} data-section={section} data-group={group ?? undefined}>
            <legend className={look.legend}>{section}</legend>
            {inputs}
          </fieldset>
        ) : (
          <div key={`fields-${index}`}>{inputs}</div>
        );
      })}
    </>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="form__row">{children}</div>;
}

/** Runs of consecutive fields with the same key (none: the fields outside any fieldset or row). */
function runsOf(fields: readonly FieldSpec[], keyOf: (field: FieldSpec) => string | undefined): Array<{ key: string | undefined; items: FieldSpec[] }> {
  const runs: Array<{ key: string | undefined; items: FieldSpec[] }> = [];
  for (const field of fields) {
    const key = keyOf(field);
    const last = runs[runs.length - 1];
    if (last && last.key === key) last.items.push(field);
    else runs.push({ key, items: [field] });
  }
  return runs;
}

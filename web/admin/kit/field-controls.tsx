import { lazy, Suspense } from 'react';
import type { FieldControlProps } from '../../components/forms/Field.js';
import { Loading } from './states.js';

/** The `html` kind's editor (ADR 0025): its own chunk, fetched only by a screen that shows an HTML field. */
const RichTextField = lazy(() => import('./RichTextField.js'));

function HtmlControl(props: FieldControlProps) {
  return (
    <Suspense fallback={<Loading label="Loading the editor…" />}>
      <RichTextField {...props} />
    </Suspense>
  );
}

/** What the portal's fields draw beyond the shared layer's own inputs (given to FieldControls in AdminApp). */
export const PORTAL_FIELD_CONTROLS = { html: HtmlControl };

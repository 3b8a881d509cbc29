import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { WIDGET_LIMITS } from '../../../../src/shared/contracts/content.js';

/** docs/api/content.md: a named block of markup the storefront shows as is (sanitised when saved); the API's own type. */
export type { AdminWidgetView as Widget } from '../../../../src/modules/content/index.js';

// The widgets' PUT is partial (name and html each optional), so an edit sends only what changed.
export const widgets = defineResource({ api: '/api/admin/widgets', screens: '/admin/widgets', noun: 'widget' });

export const widgetFields: readonly FieldSpec[] = [
  {
    name: 'name',
    label: 'Name',
    required: true,
    maxLength: WIDGET_LIMITS.name,
    hint: 'How storefront pages ask for it: lower-case letters, digits and dashes, e.g. home-intro.',
  },
  {
    name: 'html',
    label: 'Content',
    kind: 'html',
    required: true,
    hint: 'Shown on the storefront as it is. Scripts and unsafe attributes are removed when you save.',
  },
];

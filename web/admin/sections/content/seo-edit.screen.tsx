import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { seoEntries, seoFields, type SeoEntry } from './seo.resource.js';

export function Component() {
  return (
    <ResourceEditor<SeoEntry>
      resource={seoEntries}
      fields={seoFields}
      title={(entry) => entry.path}
      deleteWarning={(entry) => `${entry.path} will use its own title and description again.`}
    />
  );
}

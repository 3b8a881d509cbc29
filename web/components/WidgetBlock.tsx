import type { WidgetView } from '../../src/modules/content/index.js';
import { reaches } from '../../src/shared/contracts/staff.js';
import { useShell } from '../lib/shell.js';

/**
 * An editable content block (seed §1): its markup is shown as is. Nothing is rendered for a missing
 * widget. Administrators whose staff role reaches content (ADR 0044) get an edit link to the widget in the portal.
 */
export function WidgetBlock({ block, className }: { block: WidgetView | null | undefined; className?: string }) {
  const { user } = useShell();
  if (!block) return null;
  return (
    <section className={className ? `widget ${className}` : 'widget'} data-widget={block.name}>
      {user?.role === 'admin' && reaches(user.staff_role, 'content', 'write') && (
        <a className="widget__edit" href={`/admin/widgets/${block.id}`} data-widget-edit={block.id}>
          Edit<span className="visually-hidden"> content block {block.name}</span>
        </a>
      )}
      <div className="widget__body" dangerouslySetInnerHTML={{ __html: block.html }} />
    </section>
  );
}

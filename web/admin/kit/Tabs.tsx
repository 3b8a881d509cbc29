import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface Tab {
  /** In the URL (`?tab=images`), so a tab can be bookmarked and Back returns to the last one. */
  id: string;
  label: string;
  /** Rendered only while the tab is open, so a tab's data is fetched when it is first opened. */
  render: () => ReactNode;
}

/**
 * The edit pages' tabs (seed §2: a product's categories, details, files…; a user's details, orders…): the WAI-ARIA
 * tabs pattern — arrow keys, Home and End move between tabs, Tab goes into the open panel.
 */
export function Tabs({ tabs, label, defaultTab }: {
  tabs: readonly Tab[];
  label: string;
  /** The tab shown when the URL names none (its URL has no `?tab=`); the first one unless said. */
  defaultTab?: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const requested = searchParams.get('tab');
  const fallback = tabs.find((tab) => tab.id === defaultTab) ?? tabs[0];
  const active = tabs.find((tab) => tab.id === requested) ?? fallback;
  if (!active) return null;

  const open = (tab: Tab, focus = false) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        // A tab's list starts on its own first page, unsorted and unsearched.
        for (const name of ['page', 'sort', 'search']) next.delete(name);
        if (tab.id === fallback?.id) next.delete('tab');
        else next.set('tab', tab.id);
        return next;
      },
      { preventScrollReset: true },
    );
    if (focus) buttons.current[tabs.indexOf(tab)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const target = tabs[(moves[event.key]! + tabs.length) % tabs.length]!;
    open(target, true);
  };

  return (
    <div className="admin-tabs" data-admin-tabs="">
      <div role="tablist" aria-label={label} className="admin-tabs__list">
        {tabs.map((tab, index) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className="admin-tabs__tab"
              onClick={() => open(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
              data-admin-tab={tab.id}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${active.id}`} aria-labelledby={`${baseId}-tab-${active.id}`} className="admin-tabs__panel" tabIndex={0}>
        {active.render()}
      </div>
    </div>
  );
}

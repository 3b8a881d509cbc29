import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import { StorefrontChanges } from '../../../platform/cache/index.js';
import { Widget } from '../domain/widget.entity.js';
import { WIDGET_REPOSITORY, type WidgetRepository } from './ports/widget-repository.port.js';

/** What the storefront and the API show of a widget. */
export interface WidgetView {
  id: number;
  name: string;
  html: string;
}

export interface WidgetListItem extends WidgetView {
  updated_at: string;
}

const toView = (widget: Widget): WidgetView => ({ id: widget.id, name: widget.name, html: widget.html });

@Injectable()
export class WidgetService implements OnModuleDestroy {
  /** The home page reads its blocks on every view; every storefront change (staff edits, in any process) clears this. */
  private readonly blocks = new TtlCache<string, Map<string, WidgetView>>(30_000, { maxEntries: 100, staleWhileRefreshMs: 10_000 });
  private readonly stopListening = StorefrontChanges.subscribe(() => this.blocks.clear());

  constructor(@Inject(WIDGET_REPOSITORY) private readonly widgets: WidgetRepository) {}

  onModuleDestroy(): void {
    this.stopListening();
  }

  /** `GET /api/widget?name=`: one widget, or a not-found error. */
  async getByName(name: string): Promise<WidgetView> {
    const widget = await this.widgets.findByName(name);
    if (!widget) throw new NotFoundError(`Widget "${name}"`);
    return toView(widget);
  }

  /**
   * The blocks a page shows, in one query: a missing widget is `null` so the page still renders
   * (staff may not have written it yet).
   */
  async getBlocks<Name extends string>(names: readonly Name[]): Promise<Record<Name, WidgetView | null>> {
    const found = await this.blocks.get(names.join('\n'), async () => new Map((await this.widgets.findByNames(names)).map((w) => [w.name, toView(w)])));
    return Object.fromEntries(names.map((name) => [name, found.get(name) ?? null])) as Record<Name, WidgetView | null>;
  }

  async list(): Promise<WidgetListItem[]> {
    return (await this.widgets.listAll()).map((w) => ({ ...toView(w), updated_at: w.updatedAt.toISOString() }));
  }

  /** Seeds widgets by name without touching those that exist already; returns how many were added. */
  async addMissing(blocks: ReadonlyArray<{ name: string; html: string }>): Promise<number> {
    const added = await this.widgets.addMissing(blocks.map((b) => new Widget(b.name, b.html)));
    if (added > 0) StorefrontChanges.announce();
    return added;
  }
}

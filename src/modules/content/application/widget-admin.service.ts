import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-error.js';
import { type Page, pageOf } from '../../../shared/pagination.js';
import { Widget } from '../domain/widget.entity.js';
import { sanitizeHtml } from '../../../platform/html/index.js';
import { WIDGET_REPOSITORY, type WidgetRepository, type WidgetSort } from './ports/widget-repository.port.js';
import { ChangesStorefront } from '../../../platform/cache/index.js';
import { UserDirectory } from '../../identity/index.js';

/** What the admin API shows of a widget. */
export interface AdminWidgetView {
  id: number;
  name: string;
  html: string;
  updated_at: string;
  /** Identity user id of the last admin who saved it (null for seeded widgets). */
  updated_by: number | null;
}

export const DUPLICATE_NAME = 'A widget with this name already exists.';

const toAdminView = (w: Widget): AdminWidgetView => ({
  id: w.id,
  name: w.name,
  html: w.html,
  updated_at: w.updatedAt.toISOString(),
  updated_by: w.updatedBy,
});

/**
 * The admin portal's widget use cases. Markup is sanitised here, on save (see html-sanitizer.ts), so the
 * storefront can show stored markup as is.
 */
@Injectable()
export class WidgetAdminService {
  constructor(
    @Inject(WIDGET_REPOSITORY) private readonly widgets: WidgetRepository,
    private readonly users: UserDirectory,
  ) {}

  async list(query: { search?: string; sort: WidgetSort; page: number; perPage: number }): Promise<Page<AdminWidgetView>> {
    const { widgets, total } = await this.widgets.search({
      search: query.search,
      sort: query.sort,
      offset: (query.page - 1) * query.perPage,
      limit: query.perPage,
    });
    return pageOf(widgets.map(toAdminView), total, query.page, query.perPage);
  }

  /** The user edit page's "widgets" tab: the widgets this user saved last, newest edit first (404 for an unknown user). */
  async listEditedBy(userId: number, page: number, perPage: number): Promise<Page<AdminWidgetView>> {
    if (!(await this.users.displayNames([userId])).has(userId)) throw new NotFoundError('User');
    const { widgets, total } = await this.widgets.editedBy(userId, (page - 1) * perPage, perPage);
    return pageOf(widgets.map(toAdminView), total, page, perPage);
  }

  async get(id: number): Promise<AdminWidgetView> {
    return toAdminView(await this.load(id));
  }

  @ChangesStorefront()
  async create(input: { name: string; html: string }, adminId: number): Promise<AdminWidgetView> {
    await this.ensureNameFree(input.name);
    const widget = new Widget(input.name, sanitizeHtml(input.html));
    widget.updatedBy = adminId;
    await this.widgets.save(widget);
    return toAdminView(widget);
  }

  @ChangesStorefront()
  async update(id: number, input: { name?: string; html?: string }, adminId: number): Promise<AdminWidgetView> {
    const widget = await this.load(id);
    if (input.name !== undefined && input.name !== widget.name) {
      await this.ensureNameFree(input.name);
      widget.name = input.name;
    }
    if (input.html !== undefined) widget.html = sanitizeHtml(input.html);
    widget.updatedBy = adminId;
    widget.updatedAt = new Date();
    await this.widgets.save(widget);
    return toAdminView(widget);
  }

  @ChangesStorefront()
  async delete(id: number): Promise<void> {
    await this.widgets.remove(await this.load(id));
  }

  private async load(id: number): Promise<Widget> {
    const widget = await this.widgets.findById(id);
    if (!widget) throw new NotFoundError(`Widget ${id}`);
    return widget;
  }

  private async ensureNameFree(name: string): Promise<void> {
    if (await this.widgets.findByName(name)) throw new InvalidInputError('name', DUPLICATE_NAME);
  }
}

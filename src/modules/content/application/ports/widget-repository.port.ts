import type { Widget } from '../../domain/widget.entity.js';

export const WIDGET_REPOSITORY = Symbol('WidgetRepository');

export type WidgetSort = 'name' | '-name' | 'updated_at' | '-updated_at';

export interface WidgetRepository {
  findByName(name: string): Promise<Widget | null>;
  findByNames(names: readonly string[]): Promise<Widget[]>;
  listAll(): Promise<Widget[]>;
  /** Adds the widgets whose names are not stored yet; existing ones (maybe edited by staff) are kept. */
  addMissing(widgets: readonly Widget[]): Promise<number>;
  findById(id: number): Promise<Widget | null>;
  /** One page of widgets whose name contains `search` (case-insensitive), with the total count. */
  search(query: { search?: string; sort: WidgetSort; offset: number; limit: number }): Promise<{ widgets: Widget[]; total: number }>;
  /** One page of the widgets whose last editor is this user, newest edit first, with the total count. */
  editedBy(userId: number, offset: number, limit: number): Promise<{ widgets: Widget[]; total: number }>;
  /** Inserts or updates; a taken name is refused with an `InvalidInputError` on `name`. */
  save(widget: Widget): Promise<void>;
  remove(widget: Widget): Promise<void>;
}

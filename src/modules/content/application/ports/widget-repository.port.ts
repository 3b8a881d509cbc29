import type { Widget } from '../../domain/widget.entity.js';

export const WIDGET_REPOSITORY = Symbol('WidgetRepository');

export interface WidgetRepository {
  findByName(name: string): Promise<Widget | null>;
  findByNames(names: readonly string[]): Promise<Widget[]>;
  listAll(): Promise<Widget[]>;
  /** Adds the widgets whose names are not stored yet; existing ones (maybe edited by staff) are kept. */
  addMissing(widgets: readonly Widget[]): Promise<number>;
}

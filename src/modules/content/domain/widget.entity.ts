import { defineEntity, p } from '@mikro-orm/core';
// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { WIDGET_LIMITS } from '../../../shared/contracts/content.js';

/**
 * An editable block of markup, looked up by its unique name (seed: "Widget: id, html; looked up by
 * name"). The markup is shown as is, so it is sanitised when saved (the admin write path, issue 5).
 */
export class Widget {
  id!: number;
  name!: string;
  html!: string;
  /** Identity user id of the last editor; modules refer to each other by id. */
  updatedBy: number | null = null;
  updatedAt: Date = new Date();
  createdAt: Date = new Date();

  constructor(name: string, html: string) {
    this.name = name;
    this.html = html;
  }
}

export const WidgetSchema = defineEntity({
  class: Widget,
  tableName: 'widgets',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(WIDGET_LIMITS.name).unique(),
    html: p.text(),
    updatedBy: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});

/** Widget names are URL-safe keys such as `home-intro`. */
export const WIDGET_NAME_PATTERN = new RegExp(`^[a-z0-9][a-z0-9-]{0,${WIDGET_LIMITS.name - 1}}$`);

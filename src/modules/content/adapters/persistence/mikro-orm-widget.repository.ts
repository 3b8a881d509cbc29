import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { WidgetRepository } from '../../application/ports/widget-repository.port.js';
import { Widget } from '../../domain/widget.entity.js';

@Injectable()
export class MikroOrmWidgetRepository implements WidgetRepository {
  constructor(private readonly em: EntityManager) {}

  findByName(name: string): Promise<Widget | null> {
    return this.em.findOne(Widget, { name });
  }

  findByNames(names: readonly string[]): Promise<Widget[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.em.find(Widget, { name: { $in: [...names] } });
  }

  listAll(): Promise<Widget[]> {
    return this.em.find(Widget, {}, { orderBy: { name: 'asc' } });
  }

  async addMissing(widgets: readonly Widget[]): Promise<number> {
    const existing = new Set((await this.findByNames(widgets.map((w) => w.name))).map((w) => w.name));
    const fresh = widgets.filter((w) => !existing.has(w.name));
    if (fresh.length > 0) await this.em.persist(fresh).flush();
    return fresh.length;
  }
}

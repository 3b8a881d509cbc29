import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../../../shared/domain-error.js';
import type { WidgetRepository, WidgetSort } from '../../application/ports/widget-repository.port.js';
import { Widget } from '../../domain/widget.entity.js';
import { escapeLike } from '../../../../shared/like-pattern.js';

const ORDER: Record<WidgetSort, Record<string, 'asc' | 'desc'>> = {
  name: { name: 'asc' },
  '-name': { name: 'desc' },
  updated_at: { updatedAt: 'asc', name: 'asc' },
  '-updated_at': { updatedAt: 'desc', name: 'asc' },
};

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

  findById(id: number): Promise<Widget | null> {
    return this.em.findOne(Widget, { id });
  }

  async search(query: { search?: string; sort: WidgetSort; offset: number; limit: number }): Promise<{ widgets: Widget[]; total: number }> {
    const term = query.search?.trim();
    const where = term ? { name: { $ilike: `%${escapeLike(term)}%` } } : {};
    const [widgets, total] = await this.em.findAndCount(Widget, where, {
      orderBy: { ...ORDER[query.sort], id: 'asc' },
      offset: query.offset,
      limit: query.limit,
    });
    return { widgets, total };
  }

  async editedBy(userId: number, offset: number, limit: number): Promise<{ widgets: Widget[]; total: number }> {
    // widgets_updated_by_index walks this order.
    const [widgets, total] = await this.em.findAndCount(Widget, { updatedBy: userId }, {
      orderBy: { updatedAt: 'desc', id: 'desc' }, offset, limit,
    });
    return { widgets, total };
  }

  async save(widget: Widget): Promise<void> {
    try {
      await this.em.persist(widget).flush();
    } catch (error) {
      // Two admins saving the same new name at once: the unique constraint decides.
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw new InvalidInputError('name', 'A widget with this name already exists.');
      }
      throw error;
    }
  }

  async remove(widget: Widget): Promise<void> {
    await this.em.remove(widget).flush();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { StockService } from '../../../catalogue/index.js';
import type { SessionFields } from '../../domain/session-rules.js';
import { SESSION_STORE, type SessionStore } from '../ports/session-store.port.js';

const DAY = 86_400_000;
const VENUES = ['HS Training Centre, Leeds LS1 4AP', 'Manchester Conference Centre, M1 3BB', null];

/**
 * Demo dates for every demo `course` option (product.md "Demo data"): three upcoming sessions each, in Leeds,
 * Manchester and online, so `make start` shows the picker. The first option's second date is nearly full and its
 * third full, so the page shows "1 place left" and "Full". Options that already have sessions are left alone.
 */
@Injectable()
export class SessionDemoSeeder {
  constructor(
    @Inject(SESSION_STORE) private readonly store: SessionStore,
    private readonly stock: StockService,
  ) {}

  async seedDemo(now = new Date()): Promise<number> {
    const options = await this.stock.forSaleOfKind('course');
    let added = 0;
    for (const [index, option] of options.entries()) {
      const existing = await this.store.list({ from: null, to: null, productId: option.productId, limit: 500, offset: 0 });
      if (existing.rows.some((row) => row.optionId === option.id)) continue;
      for (const [n, venue] of VENUES.entries()) {
        const day = startOfUkDay(new Date(now.getTime() + (14 + n * 21 + index * 2) * DAY));
        const fields: SessionFields = {
          startsAt: new Date(day + 9.5 * 3_600_000), endsAt: new Date(day + 16.5 * 3_600_000), venue, online: venue === null,
          joiningUrl: venue === null ? 'https://meet.example.com/hs-training-demo' : null, capacity: 12,
          notes: 'Please arrive 15 minutes early and bring photo ID.', status: 'scheduled',
        };
        const session = await this.store.insert(option.productId, option.id, fields);
        added += 1;
        // Demo only: places as if sold, so the storefront shows a nearly full and a full date.
        const taken = index === 0 ? [0, 11, 12][n]! : n === 1 ? 9 : 0;
        if (taken > 0) await this.store.markTakenForDemo(session.id, taken);
      }
    }
    return added;
  }
}

/**
 * Midnight UTC of that date, moved off a weekend to the Monday (courses run on weekdays): sessions at 09:30 UTC are
 * 09:30 or 10:30 UK time, good enough for demo data.
 */
function startOfUkDay(date: Date): number {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = new Date(day).getUTCDay();
  return day + (weekday === 6 ? 2 : weekday === 0 ? 1 : 0) * DAY;
}

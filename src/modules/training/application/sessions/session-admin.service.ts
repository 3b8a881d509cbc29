import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../../shared/pagination.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { StockService } from '../../../catalogue/index.js';
import { SessionHasPlacesError, SessionNotFoundError, SessionRefusedError } from '../../domain/session-errors.js';
import { sessionProblems, type SessionFields } from '../../domain/session-rules.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { toAdminSessionView, type AdminSessionView, type CourseOptionView } from './session-views.js';
import { WaitingListService } from './waiting-list.service.js';

export interface SessionListFilter {
  from: Date | null;
  to: Date | null;
  productId: number | null;
  page: number;
  perPage: number;
}

/** Fields as staff send them; left out on update = kept. */
export type SessionInput = Partial<SessionFields>;

/**
 * Staff's sessions of `course` options (issue 27, ADR 0046): list by date, create, read, edit, delete while no place
 * is taken. Edits run with the row locked, so a capacity lowered at the moment a buyer takes a place is judged
 * against the places really taken.
 */
@Injectable()
export class SessionAdminService {
  constructor(
    @Inject(SESSION_STORE) private readonly store: SessionStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly waitingList: WaitingListService,
  ) {}

  async list(filter: SessionListFilter): Promise<Page<AdminSessionView>> {
    const { rows, total } = await this.store.list({
      from: filter.from, to: filter.to, productId: filter.productId, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage,
    });
    return pageOf(await this.views(rows), total, filter.page, filter.perPage);
  }

  async get(id: number): Promise<AdminSessionView> {
    const row = await this.store.find(id);
    if (!row) throw new SessionNotFoundError();
    return (await this.views([row]))[0]!;
  }

  /** The course options for sale, by product title and name: what the session editor offers (ADR 0051). */
  async courseOptions(): Promise<CourseOptionView[]> {
    const options = await this.stock.forSaleOfKind('course');
    return options
      .map((option) => ({ id: option.id, product_id: option.productId, product_title: option.productTitle, name: option.name }))
      .sort((a, b) => a.product_title.localeCompare(b.product_title) || a.name.localeCompare(b.name) || a.id - b.id);
  }

  async create(optionId: number, input: SessionInput): Promise<AdminSessionView> {
    const option = (await this.stock.describe([optionId])).get(optionId);
    if (!option || option.kind !== 'course') throw new InvalidInputError('option_id', 'Choose an open course option (kind "course").');
    const fields = complete(input, null);
    refuseProblems(fields, 0);
    return toAdminSessionView(await this.store.insert(option.productId, option.id, fields), option);
  }

  async update(id: number, input: SessionInput): Promise<AdminSessionView> {
    const row = await this.transactions.run(async () => {
      const current = await this.store.find(id, true);
      if (!current) throw new SessionNotFoundError();
      // Cancelling is its own use case (ADR 0050): it e-mails buyers and delegates, who then choose another date or
      // a refund. A status edit would skip all that, so the editor's save may not cancel.
      if (input.status === 'cancelled' && current.status !== 'cancelled') {
        throw new SessionRefusedError({ status: ['A session is cancelled with its cancel action (POST /api/admin/sessions/{id}/cancel, "Cancel session…" in the portal), which tells its buyers and delegates.'] });
      }
      // And it is not undone: its buyers were told and have chosen another date or a refund, so "scheduled" again
      // would sell places nobody is coming to, with no e-mail. A new date is a new session.
      if (current.status === 'cancelled' && input.status !== undefined && input.status !== 'cancelled') {
        throw new SessionRefusedError({ status: ['A cancelled session stays cancelled: its buyers have been told. Add a new session for another date.'] });
      }
      const fields = complete(input, current);
      refuseProblems(fields, current.placesTaken);
      const updated = (await this.store.update(id, fields))!;
      // More places to sell (ADR 0051): the waiting list hears once this edit commits.
      if (updated.capacity > current.capacity) await this.waitingList.placesFreed(id);
      return updated;
    });
    return (await this.views([row]))[0]!;
  }

  async delete(id: number): Promise<void> {
    await this.transactions.run(async () => {
      const current = await this.store.find(id, true);
      if (!current) throw new SessionNotFoundError();
      if (!(await this.store.deleteIfEmpty(id))) throw new SessionHasPlacesError(current.placesTaken);
    });
  }

  private async views(rows: readonly SessionRow[]): Promise<AdminSessionView[]> {
    const options = await this.stock.describe([...new Set(rows.map((row) => row.optionId))]);
    return rows.map((row) => toAdminSessionView(row, options.get(row.optionId)));
  }
}

function complete(input: SessionInput, current: SessionFields | null): SessionFields {
  const missing: Record<string, string[]> = {};
  const pick = <K extends keyof SessionFields>(key: K, field: string, fallback?: SessionFields[K]): SessionFields[K] => {
    const value = input[key] !== undefined ? input[key] : current ? current[key] : fallback;
    if (value === undefined) (missing[field] ??= []).push(`${field} is required.`);
    return value as SessionFields[K];
  };
  const fields: SessionFields = {
    startsAt: pick('startsAt', 'starts_at'), endsAt: pick('endsAt', 'ends_at'), venue: pick('venue', 'venue', null),
    online: pick('online', 'online', false), joiningUrl: pick('joiningUrl', 'joining_url', null), capacity: pick('capacity', 'capacity'),
    notes: pick('notes', 'notes', null), status: pick('status', 'status', 'scheduled'),
  };
  if (Object.keys(missing).length > 0) throw new SessionRefusedError(missing);
  // An online session has no venue to show; an in-person one no link (a stale link would mislead delegates).
  if (fields.online) fields.venue = fields.venue?.trim() || null;
  else fields.joiningUrl = null;
  return fields;
}

function refuseProblems(fields: SessionFields, placesTaken: number): void {
  const problems = sessionProblems(fields, placesTaken);
  if (Object.keys(problems).length > 0) throw new SessionRefusedError(problems);
}

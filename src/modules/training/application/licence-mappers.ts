import type { PurchasableOption } from '../../catalogue/index.js';
import { freeSeats, SEAT_HOLDING_STATUSES } from '../domain/licence-rules.js';
import type { LearnerView, LicenceView, TrainingProductView } from './licence-views.js';
import type { LearnerRow, LicenceRow, LicenceWithLearners } from './ports/licence-store.port.js';

/** Rows → the API's views (snake_case). A product the catalogue no longer has keeps its id and a plain title. */
export function productOf(productId: number, option: PurchasableOption | undefined): TrainingProductView {
  return { id: productId, slug: option?.productSlug ?? String(productId), title: option?.productTitle ?? 'Online course' };
}

/** The counts come from the store when `learners` is only some of them (ADR 0057); else they are counted here. */
export function toLicenceView(licence: LicenceRow, learners: readonly LearnerRow[], option: PurchasableOption | undefined, counts?: Pick<LicenceWithLearners, 'learnerCount' | 'seatsUsed'>): LicenceView {
  const used = counts?.seatsUsed ?? learners.filter((learner) => SEAT_HOLDING_STATUSES.includes(learner.status)).length;
  return {
    id: licence.id,
    order_id: licence.orderId,
    product: productOf(licence.productId, option),
    option_name: option?.name ?? '',
    seats: licence.seats,
    seats_used: used,
    seats_free: freeSeats(licence.seats, used, licence.revokedAt !== null),
    revoked: licence.revokedAt !== null,
    created_at: licence.createdAt.toISOString(),
    learners: learners.map(toLearnerView),
    learner_count: counts?.learnerCount ?? learners.length,
  };
}

export function toLearnerView(learner: LearnerRow): LearnerView {
  return {
    id: learner.id, email: learner.email, name: learner.name, status: learner.status, invited_at: learner.invitedAt.toISOString(),
    completed_at: learner.completedAt?.toISOString() ?? null, score: learner.score, certificate_code: learner.certificateCode,
  };
}

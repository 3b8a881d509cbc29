import type { LearnerView, LicenceView } from '../../src/modules/training/index.js';

/**
 * Addresses pasted as a list ("a@x.co.uk, b@x.co.uk; c@x.co.uk", one per line, or "Name <a@x.co.uk>" copied from a
 * mail program) → the addresses, blanks dropped. The server reads `{emails: [...]}` and checks each one; its own
 * reading of a pasted list (training's licence-rules.ts `parseEmailList`) follows the same separators.
 */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((part) => (/<([^<>]*)>/.exec(part)?.[1] ?? part).trim())
    .filter((part) => part.length > 0);
}

/** "3 of 10 seats used, 7 free". */
export function describeSeats(seats: number, used: number, free: number): string {
  return `${used} of ${seats} ${seats === 1 ? 'seat' : 'seats'} used, ${free} free`;
}

/**
 * What a licence card shows (`LicenceCard`): the API's `LicenceView` also carries dates, the product's id and slug and
 * each learner's invitation date and certificate code, which the card never shows. A page's `+data` hands the card
 * only these, so its serialised page context carries no more than the HTML shows (ADR 0065); the overview's reload
 * after an invitation puts the API's fuller views in their place, which fit the same type.
 */
export type LicenceCardView = Pick<LicenceView, 'id' | 'order_id' | 'option_name' | 'seats' | 'seats_used' | 'seats_free' | 'revoked' | 'learner_count'> & {
  product: Pick<LicenceView['product'], 'title'>;
  learners: Array<Pick<LearnerView, 'id' | 'email' | 'name' | 'status' | 'completed_at' | 'score'>>;
};

export function licenceCard(licence: LicenceView): LicenceCardView {
  return {
    id: licence.id,
    order_id: licence.order_id,
    product: { title: licence.product.title },
    option_name: licence.option_name,
    seats: licence.seats,
    seats_used: licence.seats_used,
    seats_free: licence.seats_free,
    revoked: licence.revoked,
    learner_count: licence.learner_count,
    learners: licence.learners.map(({ id, email, name, status, completed_at, score }) => ({ id, email, name, status, completed_at, score })),
  };
}

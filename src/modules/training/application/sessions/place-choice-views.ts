import type { SessionChangeKind } from '../../domain/session-change-rules.js';
import type { PublicSessionView } from './session-views.js';

/** A place of the buyer's order waiting for their choice after staff cancelled or moved its session (ADR 0050). */
export interface PlaceChoiceView {
  place_id: number;
  order_line_id: number;
  qty: number;
  /** "Fire Marshal Open Course — Open course — 1 place". */
  course: string;
  change: SessionChangeKind;
  /** The date and place bought. */
  was: string;
  /** The new date and place of a moved session (keeping it needs no answer); null when cancelled. */
  now: string | null;
  /** Upcoming scheduled dates of the same option with room for `qty`. */
  dates: PublicSessionView[];
}

/** What the buyer's choice answers. */
export interface PlaceChosenView {
  place_id: number;
  resolution: 'transferred' | 'refunded';
  /** The new date (transfer). */
  session: PublicSessionView | null;
  /** The credit note (refund). */
  credit_note_number: string | null;
}

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
  /** The date and place the places are on now (moved or transferred); null while on a cancelled session. */
  now: string | null;
  /** Whether the buyer may still choose (transfer or refund); false once answered or once a moved date has started. */
  open: boolean;
  /** The buyer's answer, once given (a refunded place is no longer listed: its places are released). */
  resolution: 'transferred' | null;
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

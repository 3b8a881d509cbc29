import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../../shared/domain-error.js';
import type { PurchasableOption } from '../../catalogue/index.js';

/** A booking a basket line carries: an opaque reference (for a course, its session's id) and the words for it. */
export interface BookingChoice {
  ref: string;
  label: string;
  /** How many can still be booked on it now (a course session's places left); left out when there is no limit. */
  left?: number;
}

/**
 * What a module that sells bookable options (training: a `course` option's sessions) gives the basket (ADR 0046).
 * The basket stores the reference and shows the label; it never learns what a session is.
 */
export interface BookingProvider {
  /** The option kind whose lines need a booking. */
  kind: string;
  /**
   * The buyer's choice for this option, checked now (`bookingId` as the request gave it, undefined when left out);
   * throws a 422 naming the request's field when it is missing or cannot be booked.
   */
  choose(option: PurchasableOption, bookingId: number | undefined): Promise<BookingChoice>;
  /** The words for stored references (ones that vanished are left out), with how many are left to book. */
  describe(refs: readonly string[]): Promise<Map<string, BookingChoice>>;
}

/**
 * The registry other modules put their BookingProvider in (through the basket's index), so the basket depends on
 * nobody: an option kind no provider claims needs no booking.
 */
@Injectable()
export class BasketBookings {
  private readonly providers = new Map<string, BookingProvider>();

  register(provider: BookingProvider): void {
    this.providers.set(provider.kind, provider);
  }

  providerFor(kind: string): BookingProvider | undefined {
    return this.providers.get(kind);
  }

  /**
   * A booked line may not hold more than its booking has left (a course line: the session's places left, ADR 0051):
   * 422 on `qty` naming how many are left.
   */
  async checkQuantity(kind: string, ref: string | null, qty: number, what: string): Promise<void> {
    const provider = ref === null ? undefined : this.providers.get(kind);
    if (!provider) return;
    const choice = (await provider.describe([ref!])).get(ref!);
    if (choice?.left === undefined || qty <= choice.left) return;
    throw new InvalidInputError(
      'qty',
      choice.left <= 0 ? `No places are left on ${choice.label} for "${what}".` : `Only ${choice.left} ${choice.left === 1 ? 'place is' : 'places are'} left on ${choice.label} for "${what}".`,
    );
  }

  /** Labels of the basket's references, one read per provider. */
  async describe(refsByKind: ReadonlyMap<string, string[]>): Promise<Map<string, BookingChoice>> {
    const labels = new Map<string, BookingChoice>();
    for (const [kind, refs] of refsByKind) {
      const provider = this.providers.get(kind);
      if (!provider || refs.length === 0) continue;
      for (const [ref, choice] of await provider.describe(refs)) labels.set(`${kind}:${ref}`, choice);
    }
    return labels;
  }
}

import { Injectable } from '@nestjs/common';
import type { PurchasableOption } from '../../catalogue/index.js';

/** A booking a basket line carries: an opaque reference (for a course, its session's id) and the words for it. */
export interface BookingChoice {
  ref: string;
  label: string;
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
  /** The words for stored references (ones that vanished are left out). */
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

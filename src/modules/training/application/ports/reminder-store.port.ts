/** A certificate due for its refresher reminder, with whom to tell: the learner and the buyer who owns the licence. */
export interface DueCertificate {
  code: string;
  learnerName: string;
  /** The address the learner was invited at (their seat's). */
  learnerEmail: string;
  courseTitle: string;
  expiresAt: Date;
  productId: number;
  /** The buyer (a user id) whose licence the learner's seat came from. */
  customerId: number;
  /** The licence's option, or the open course's: what a refresher buys again. */
  optionId: number;
  /** Earned online (a licence seat) or by attending an open course (a named delegate): the e-mails' wording differs. */
  kind: 'online' | 'course';
}

/** The refresher reminder sweep's reads and its claim (plain SQL). */
export interface ReminderStore {
  /**
   * Certificates expiring in `(after, until]`, not revoked, not yet reminded — online ones (found through their
   * licence's buyer) and open-course attendance ones (through the place's buyer) — ordered by buyer so a batch
   * groups well; at most `limit`.
   */
  due(window: { after: Date; until: Date }, limit: number): Promise<DueCertificate[]>;
  /**
   * Marks these certificates reminded, each only if nobody has (one guarded update: `… where reminded_at is null
   * returning code`), and answers the codes this call claimed. A racing sweep blocks on the rows until this
   * transaction ends and then finds them reminded, so each certificate is claimed, and mailed, once.
   */
  claim(codes: readonly string[], at: Date): Promise<string[]>;
}

export const REMINDER_STORE = Symbol('ReminderStore');

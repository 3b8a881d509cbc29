import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../../config/environment.js';
import { OutboundMail } from '../../../../platform/mail/index.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { ProductAdminService } from '../../../catalogue/index.js';
import { expiryOf } from '../../domain/certificate.js';
import { AttendanceClosedError, AttendanceRefusedError } from '../../domain/register-errors.js';
import { attendanceClosedReason, planAttendance, type AttendanceEntry } from '../../domain/register-rules.js';
import { SessionNotFoundError } from '../../domain/session-errors.js';
import { sessionLabel } from '../../domain/session-rules.js';
import { CertificateService } from '../certificate.service.js';
import { CourseService } from '../course.service.js';
import { REGISTER_STORE, type DelegateContact, type RegisterStore } from '../ports/register-store.port.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { SessionAdminService } from '../sessions/session-admin.service.js';
import { attendanceCertificateMail } from './certificate-mail.js';
import { toRegisterPlaceView, type SessionRegisterView } from './register-views.js';

/** Who marks the register: their id goes on the delegate's row, their name into a revoked certificate's reason. */
export interface RegisterStaff {
  id: number;
  name: string;
}

/** What goes on an attendance certificate besides the delegate (the course's, read once per save). */
interface CertificateCourse {
  title: string;
  accreditation: string | null;
  validityMonths: number | null;
}

/**
 * A session's register (issue 27, ADR 0049): staff see who holds each place and who attends, and mark attendance
 * once the session has started. A newly attended delegate gets one certificate (CertificateService, as an online
 * course's learner does) and an e-mail with its links; unmarking revokes it. A save runs under the session's row lock,
 * so two staff saving at once cannot issue two certificates for one delegate.
 */
@Injectable()
export class RegisterService {
  constructor(
    @Inject(REGISTER_STORE) private readonly register: RegisterStore,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    private readonly sessionViews: SessionAdminService,
    private readonly certificates: CertificateService,
    private readonly courses: CourseService,
    private readonly products: ProductAdminService,
    private readonly mail: OutboundMail,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  async view(sessionId: number, now = new Date()): Promise<SessionRegisterView> {
    const session = await this.sessionViews.get(sessionId);
    const note = attendanceClosedReason({ startsAt: new Date(session.starts_at), status: session.status }, now);
    const rows = await this.register.rows(sessionId);
    return { session, attendance_open: note === null, attendance_note: note, places: rows.map(toRegisterPlaceView) };
  }

  /**
   * Saves attendance: the whole list or nothing (a refused entry refuses the save). Entries that repeat what is
   * recorded change nothing, so marking twice issues one certificate.
   */
  async markAttendance(sessionId: number, entries: readonly AttendanceEntry[], staff: RegisterStaff, now = new Date()): Promise<SessionRegisterView> {
    await this.transactions.run(async () => {
      const session = await this.sessions.find(sessionId, true);
      if (!session) throw new SessionNotFoundError();
      const closed = attendanceClosedReason(session, now);
      if (closed) throw new AttendanceClosedError(closed);
      const delegates = await this.register.delegates(entries.map((entry) => entry.delegateId));
      const plan = planAttendance(sessionId, entries, delegates);
      if (Object.keys(plan.problems).length > 0) throw new AttendanceRefusedError(plan.problems);

      const course = plan.certify.length > 0 ? await this.courseOf(session.productId) : null;
      for (const id of plan.certify) await this.certify(session, course!, delegates.get(id)!, staff, now);
      for (const id of plan.unmark) {
        const code = delegates.get(id)!.certificateCode;
        if (code) await this.certificates.revoke(code, 'Attendance was unmarked on the session\'s register.', staff.name, now);
        await this.register.unmark(id, { at: now, by: staff.id });
      }
    });
    return this.view(sessionId, now);
  }

  /** One certificate, its code on the delegate's row, and the e-mail queued in the same transaction. */
  private async certify(session: SessionRow, course: CertificateCourse, delegate: DelegateContact, staff: RegisterStaff, now: Date): Promise<void> {
    const code = await this.certificates.issue({
      learnerName: delegate.name, productId: session.productId, courseTitle: course.title, accreditation: course.accreditation, score: null,
      completedAt: session.endsAt, validityMonths: course.validityMonths, delegateRef: String(delegate.id),
    }, now);
    await this.register.markAttended(delegate.id, { at: now, by: staff.id, certificateCode: code });
    await this.mail.send(attendanceCertificateMail({
      to: delegate.email, name: delegate.name, course: course.title, session: sessionLabel(session), code,
      verifyUrl: this.certificates.verifyUrl(code), pdfUrl: `${this.env.publicUrl}/api/certificates/${code}.pdf`,
      expiresAt: expiryOf(session.endsAt, course.validityMonths),
    }));
  }

  /**
   * The course's title and accreditation, and its validity when the product also has course content (an online
   * course's settings); an open course without content gets a certificate that does not expire (ADR 0049).
   */
  private async courseOf(productId: number): Promise<CertificateCourse> {
    const content = await this.courses.course(productId);
    if (content) return { title: content.title, accreditation: content.accreditation, validityMonths: content.validityMonths };
    const product = await this.products.get(productId);
    return { title: product.title, accreditation: product.accreditation, validityMonths: null };
  }
}

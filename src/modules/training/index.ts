/**
 * The training module's public face (issue 26, product.md "Training module"): what a buyer of online training and
 * open courses gets — licences of seats, learners, course content, watched time, assessments, certificates and
 * training records. It meets orders only through the orders module's index (`OrderTransitionSubscribers`) and the
 * catalogue through the catalogue's index; nothing depends on training.
 */
import { TrainingModule, trainingFeatures } from './training.module.js';
import { shopModule } from '../../platform/shop-module.js';
import { LicenceService } from './application/licence.service.js';
import { LearnerService } from './application/learner.service.js';
import { CertificateService } from './application/certificate.service.js';
import { LearningService } from './application/learning.service.js';
import { RecordsService } from './application/records.service.js';
import { PlaceChoiceService } from './application/sessions/place-choice.service.js';
import { DelegateService } from './application/delegates/delegate.service.js';

export { TrainingModule } from './training.module.js';
export { SessionDemoSeeder } from './application/sessions/session-demo.seeder.js';
export type { PublicSessionView, AdminSessionView, CourseOptionView } from './application/sessions/session-views.js';
export type { WaitingEntryView } from './application/sessions/waiting-list.service.js';
export type { PlaceChoiceView, PlaceChosenView } from './application/sessions/place-choice-views.js';
export type { OrderDelegatesView, CourseDelegatesView, OrderPlaceView } from './application/delegates/delegate-views.js';
export { DelegateReminders, DELEGATE_REMINDERS_JOB } from './application/delegates/delegate-reminders.job.js';
export type { SessionRegisterView, RegisterPlaceView } from './application/register/register-views.js';
export type { LicenceView, LearnerView, LearnerCourseView, InvitationLookup, TrainingProductView } from './application/licence-views.js';
export type { EnrolmentStatus } from './domain/licence-rules.js';
export { CourseService, type CourseForLearning } from './application/course.service.js';
export { CertificateService, type IssueCertificate, type CertificateVerification, type AdminCertificateView } from './application/certificate.service.js';
export type { AdminCourseView } from './application/course-views.js';
export type { TrainingRecordView } from './application/records.service.js';
export type { PlayerView, ProgressView, AssessmentView, AttemptResultView } from './application/learning-views.js';
export { DemoCourseSeeder } from './application/demo/demo-course.seeder.js';

/** What storefront pages may call of training, in-process. */
interface TrainingPageServices {
  /** The buyer's licences with their learners: /account/training. */
  licences: Pick<LicenceService, 'listForCustomer' | 'findForCustomer'>;
  /** The invitation link's landing page (read-only) and the learner's courses: /learn/invitations/{token}, /learn. */
  learning: Pick<LearnerService, 'inspect' | 'courses'>;
  /** `/learn/{id}`: the learner's own course in the player (not found for anyone else). */
  player: Pick<LearningService, 'player'>;
  /** `/account/training`: the buyer's training records table. */
  records: Pick<RecordsService, 'page'>;
  /** `/certificates/{code}`: the public verification panel. */
  certificates: Pick<CertificateService, 'verify'>;
  /** `/account/orders/{id}`: places of the order whose session staff cancelled or moved, with the dates to choose from. */
  sessionChanges: Pick<PlaceChoiceService, 'forOrder'>;
  /** `/account/orders/{id}`: the Delegates section of an open-course order (NotFound for anybody else's order). */
  delegates: Pick<DelegateService, 'forCustomer'>;
}

export const trainingShopModule = shopModule({
  module: TrainingModule,
  entities: trainingFeatures.flatMap((f) => f.entities),
  pageServices: {
    inject: [LicenceService, LearnerService, CertificateService, LearningService, RecordsService, PlaceChoiceService, DelegateService],
    build: (
      licences: LicenceService, learning: LearnerService, certificates: CertificateService, player: LearningService, records: RecordsService,
      sessionChanges: PlaceChoiceService, delegates: DelegateService,
    ): TrainingPageServices => ({ licences, learning, certificates, player, records, sessionChanges, delegates }),
  },
});

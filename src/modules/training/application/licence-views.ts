import type { EnrolmentStatus } from '../domain/licence-rules.js';

/** A product as the training pages name it. */
export interface TrainingProductView {
  id: number;
  slug: string;
  title: string;
}

/** A seat's holder as the buyer sees them (the API's "learner"; its id is the enrolment's). */
export interface LearnerView {
  id: number;
  email: string;
  name: string | null;
  status: EnrolmentStatus;
  invited_at: string;
  completed_at: string | null;
  score: number | null;
  certificate_code: string | null;
}

/** GET /api/account/licences: one licence with its seats and learners. */
export interface LicenceView {
  id: number;
  order_id: number;
  product: TrainingProductView;
  option_name: string;
  seats: number;
  seats_used: number;
  seats_free: number;
  revoked: boolean;
  created_at: string;
  learners: LearnerView[];
  /** All its learners (not withdrawn): `learners` may be the first few of them on the page (ADR 0057). */
  learner_count: number;
}

/** POST /api/account/licences/{id}/invitations. */
export interface InvitationsView {
  invited: LearnerView[];
  seats_free: number;
}

/** GET /api/learn: one of the learner's courses. */
export interface LearnerCourseView {
  id: number;
  product: TrainingProductView;
  status: EnrolmentStatus;
  /** 0–1: watched seconds over the film's duration. */
  progress: number;
  certificate_code: string | null;
}

/** What `/learn/invitations/{token}` shows before anything changes. */
export type InvitationLookup =
  | { state: 'open'; course: TrainingProductView; invited_by: string; email: string; expires_at: string }
  | { state: 'accepted'; course: TrainingProductView; enrolment_id: number }
  | { state: 'gone'; message: string }
  | { state: 'unknown' };

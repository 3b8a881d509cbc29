/** `GET /api/learn/{id}`: what the player needs (docs/api/training.md). */
export interface PlayerView {
  id: number;
  title: string;
  /** Streams the course film (Range) to this learner only; null when the course has no film yet. */
  video_url: string | null;
  chapters: Array<{ title: string; start: number }>;
  /** Where to resume, in whole seconds. */
  position: number;
  watched_seconds: number;
  duration: number | null;
  assessment_open: boolean;
  status: 'enrolled' | 'completed';
  score: number | null;
  certificate_code: string | null;
}

/** `POST /api/learn/{id}/progress`: what the server credited. */
export interface ProgressView {
  position: number;
  watched_seconds: number;
  duration: number | null;
  /** Seconds this report added (less than claimed when the clock did not allow it). */
  credited: number;
  assessment_open: boolean;
}

/** `GET /api/learn/{id}/assessment`: shuffled, without which answer is right. */
export interface AssessmentView {
  questions: Array<{ id: number; text: string; answers: Array<{ id: number; text: string }> }>;
  pass_mark: number;
  attempts_left: number;
  /** When the next attempt opens if none is left today, else null. */
  next_attempt_at: string | null;
}

/** `POST /api/learn/{id}/assessment`. */
export interface AttemptResultView {
  score: number;
  passed: boolean;
  pass_mark: number;
  certificate_code: string | null;
  attempts_left: number;
  next_attempt_at: string | null;
}

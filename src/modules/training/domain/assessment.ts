/**
 * The assessment's rules (product.md "Learners", ADR 0047): answers are marked on the server, questions and answers
 * come in a new order each time, and a learner has at most 3 attempts in any rolling 24 hours.
 */

export const ATTEMPTS_PER_DAY = 3;
export const ATTEMPT_WINDOW_MS = 24 * 3_600_000;

export interface MarkedQuestion {
  id: number;
  text: string;
  answers: ReadonlyArray<{ id: number; text: string; correct: boolean }>;
}

/** One question as answered, copied into the attempt: a later save of the course gives its rows new ids (ADR 0041). */
export interface AnsweredQuestion {
  question: string;
  answer: string;
  correct: boolean;
}

export interface Marking {
  score: number;
  passed: boolean;
  answered: AnsweredQuestion[];
}

/**
 * Field problems of a submission (`answers.{questionId}`): every question needs one of its own answers. A missing
 * answer is a 422, not a wrong one, so a slip of the mouse does not spend one of the day's attempts.
 */
export function answerProblems(questions: readonly MarkedQuestion[], given: Readonly<Record<string, number>>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const known = new Set(questions.map((q) => String(q.id)));
  for (const key of Object.keys(given)) {
    if (!known.has(key)) problems[`answers.${key}`] = ['This question is not part of the assessment (reload the page).'];
  }
  for (const q of questions) {
    const answer = given[String(q.id)];
    if (answer === undefined) problems[`answers.${q.id}`] = ['Choose an answer.'];
    else if (!q.answers.some((a) => a.id === answer)) problems[`answers.${q.id}`] = ['That answer is not one of this question\'s (reload the page).'];
  }
  return problems;
}

/** Marks valid answers (answerProblems found none): the score is the whole percentage right, rounded down. */
export function mark(questions: readonly MarkedQuestion[], given: Readonly<Record<string, number>>, passMark: number): Marking {
  const answered = questions.map((q) => {
    const chosen = q.answers.find((a) => a.id === given[String(q.id)])!;
    return { question: q.text, answer: chosen.text, correct: chosen.correct };
  });
  const right = answered.filter((a) => a.correct).length;
  const score = questions.length === 0 ? 0 : Math.floor((right * 100) / questions.length);
  return { score, passed: score >= passMark, answered };
}

/** Attempts left in the rolling window and, when none, when the next one opens (the oldest in the window + 24 h). */
export function attemptAllowance(attemptTimes: readonly Date[], now: Date): { left: number; nextAt: Date | null } {
  const inWindow = attemptTimes.filter((t) => now.getTime() - t.getTime() < ATTEMPT_WINDOW_MS).sort((a, b) => a.getTime() - b.getTime());
  const left = Math.max(0, ATTEMPTS_PER_DAY - inWindow.length);
  const nextAt = left > 0 ? null : new Date(inWindow[inWindow.length - ATTEMPTS_PER_DAY]!.getTime() + ATTEMPT_WINDOW_MS);
  return { left, nextAt };
}

/** A new order (Fisher–Yates) from a random source giving [0, 1): questions and answers are shuffled each time. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

import { COURSE_LIMITS } from '../../../shared/contracts/training.js';

/** A chapter of a course film: where it starts, in whole seconds from the start. */
export interface Chapter {
  title: string;
  start: number;
}

export interface Answer {
  text: string;
  correct: boolean;
}

export interface Question {
  text: string;
  answers: Answer[];
}

/** What staff edit of a course (the film itself is uploaded apart). */
export interface CourseDraft {
  /** The film's length in seconds: null until it is known (no film yet). */
  duration: number | null;
  chapters: Chapter[];
  questions: Question[];
  passMark: number;
  validityMonths: number | null;
  accreditation: string | null;
}

type Problems = Record<string, string[]>;

/**
 * The course content's rules (product.md "Course content"), as `{field path: [reasons]}` in the API's own paths
 * (`chapters[1].start`, `questions[2].answers`), so the portal can put each reason beside its input. Empty = valid.
 * The input is what arrived over HTTP, so every shape is checked here, not only the values.
 */
export function courseDraftProblems(input: {
  duration: unknown; chapters: unknown; questions: unknown; pass_mark: unknown; validity_months: unknown; accreditation: unknown;
}): Problems {
  const problems: Problems = {};
  const add = (field: string, reason: string) => (problems[field] ??= []).push(reason);
  const L = COURSE_LIMITS;

  const duration = input.duration;
  if (duration !== null && (!isWhole(duration) || duration < 1 || duration > L.duration)) {
    add('duration', `duration must be the film's length in whole seconds (1 to ${L.duration}), or null before a film is uploaded.`);
  }
  if (!isWhole(input.pass_mark) || input.pass_mark < L.passMarkMin || input.pass_mark > L.passMarkMax) {
    add('pass_mark', `pass_mark must be a whole percentage from ${L.passMarkMin} to ${L.passMarkMax}.`);
  }
  const validity = input.validity_months;
  if (validity !== null && (!isWhole(validity) || validity < L.validityMonthsMin || validity > L.validityMonthsMax)) {
    add('validity_months', `validity_months must be ${L.validityMonthsMin} to ${L.validityMonthsMax} months, or null for no expiry.`);
  }
  const accreditation = input.accreditation;
  if (accreditation !== null && (typeof accreditation !== 'string' || accreditation.length > L.accreditation)) {
    add('accreditation', `accreditation must be text of at most ${L.accreditation} characters, or null.`);
  }

  if (!Array.isArray(input.chapters) || input.chapters.length > L.chapters) {
    add('chapters', `chapters must be a list of at most ${L.chapters} chapters.`);
  } else {
    let previous = -1;
    input.chapters.forEach((chapter: unknown, i) => {
      const at = `chapters[${i}]`;
      if (!isRecord(chapter)) return add(at, 'Each chapter is {title, start}.');
      if (!isText(chapter.title, L.chapterTitle)) add(`${at}.title`, `Enter a title of at most ${L.chapterTitle} characters.`);
      const start = chapter.start;
      if (!isWhole(start) || start < 0) return add(`${at}.start`, 'start must be a whole number of seconds from the start of the film.');
      if (i === 0 && start !== 0) add(`${at}.start`, 'The first chapter starts at 0 seconds.');
      else if (i > 0 && start <= previous) add(`${at}.start`, 'Each chapter starts after the one before it.');
      else if (isWhole(duration) && start >= duration) add(`${at}.start`, `start must be within the film (under ${duration} seconds).`);
      previous = start;
    });
  }

  if (!Array.isArray(input.questions) || input.questions.length > L.questions) {
    add('questions', `questions must be a list of at most ${L.questions} questions.`);
  } else {
    input.questions.forEach((question: unknown, i) => {
      const at = `questions[${i}]`;
      if (!isRecord(question)) return add(at, 'Each question is {text, answers}.');
      if (!isText(question.text, L.questionText)) add(`${at}.text`, `Enter the question, at most ${L.questionText} characters.`);
      const answers = question.answers;
      if (!Array.isArray(answers) || answers.length < L.answersMin || answers.length > L.answersMax) {
        return add(`${at}.answers`, `A question has ${L.answersMin} to ${L.answersMax} answers.`);
      }
      let correct = 0;
      answers.forEach((answer: unknown, j) => {
        const where = `${at}.answers[${j}]`;
        if (!isRecord(answer)) return add(where, 'Each answer is {text, correct}.');
        if (!isText(answer.text, L.answerText)) add(`${where}.text`, `Enter the answer, at most ${L.answerText} characters.`);
        if (typeof answer.correct !== 'boolean') add(`${where}.correct`, 'correct must be true or false.');
        else if (answer.correct) correct += 1;
      });
      if (correct !== 1) add(`${at}.answers`, 'Mark exactly one answer as correct.');
    });
  }
  return problems;
}

/** The draft from input that courseDraftProblems found valid: texts trimmed, answers' flags kept. */
export function toCourseDraft(input: {
  duration: number | null; chapters: Chapter[]; questions: Question[]; pass_mark: number; validity_months: number | null; accreditation: string | null;
}): CourseDraft {
  return {
    duration: input.duration,
    chapters: input.chapters.map((c) => ({ title: c.title.trim(), start: c.start })),
    questions: input.questions.map((q) => ({ text: q.text.trim(), answers: q.answers.map((a) => ({ text: a.text.trim(), correct: a.correct })) })),
    passMark: input.pass_mark,
    validityMonths: input.validity_months,
    accreditation: input.accreditation?.trim() || null,
  };
}

/** A score (0–100, rounded down) from the number of right answers; passing is reaching the pass mark. */
export function scoreOf(right: number, of: number): number {
  return of === 0 ? 0 : Math.floor((right * 100) / of);
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim().length >= 1 && value.length <= max;
}

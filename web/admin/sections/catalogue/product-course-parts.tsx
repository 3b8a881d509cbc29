import { useId, type ReactNode } from 'react';
import { COURSE_LIMITS } from '../../../../src/shared/contracts/training.js';

/** The Course tab's editable state: the API's course with numbers as the inputs hold them (text until saved). */
export interface ChapterDraft {
  key: number;
  title: string;
  start: string;
}
export interface AnswerDraft {
  key: number;
  text: string;
  correct: boolean;
}
export interface QuestionDraft {
  key: number;
  text: string;
  answers: AnswerDraft[];
}

let nextKey = 0;
/** React keys for rows that have no id yet (ids are replaced on every save anyway). */
export const newKey = () => ++nextKey;

type Errors = Record<string, string[]>;

/** One field's reasons under its path (`questions[2].answers`), announced and tied to the input. */
export function FieldError({ id, errors, path }: { id: string; errors: Errors; path: string }) {
  const reasons = errors[path];
  if (!reasons) return null;
  return (
    <p id={id} className="field__error" role="alert" data-field-error={path}>
      {reasons.join(' ')}
    </p>
  );
}

const described = (errors: Errors, path: string, id: string) => (errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': id } : {});

/** The chapters: title and start second each, the first at 0; added and removed in place. */
export function ChaptersEditor({ chapters, onChange, errors }: { chapters: ChapterDraft[]; onChange: (next: ChapterDraft[]) => void; errors: Errors }) {
  const id = useId();
  const update = (index: number, patch: Partial<ChapterDraft>) => onChange(chapters.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="course-block" data-course-chapters="">
      <legend className="product-subform__title">Chapters</legend>
      <p className="field__hint">The first starts at 0 seconds; each starts after the one before it, within the film.</p>
      <FieldError id={`${id}-all`} errors={errors} path="chapters" />
      {chapters.length === 0 && <p className="product-muted-line">No chapters yet.</p>}
      <ol className="course-rows">
        {chapters.map((chapter, index) => {
          const at = `chapters[${index}]`;
          return (
            <li key={chapter.key} className="course-row" data-course-chapter={index}>
              <div className="field course-row__grow">
                <label className="field__label" htmlFor={`${id}-${index}-title`}>Chapter {index + 1} title</label>
                <FieldError id={`${id}-${index}-title-error`} errors={errors} path={`${at}.title`} />
                <input id={`${id}-${index}-title`} className="input field__input" value={chapter.title} maxLength={COURSE_LIMITS.chapterTitle}
                  onChange={(e) => update(index, { title: e.currentTarget.value })} {...described(errors, `${at}.title`, `${id}-${index}-title-error`)} />
              </div>
              <div className="field course-row__narrow">
                <label className="field__label" htmlFor={`${id}-${index}-start`}>Starts at (s)</label>
                <FieldError id={`${id}-${index}-start-error`} errors={errors} path={`${at}.start`} />
                <input id={`${id}-${index}-start`} className="input field__input" inputMode="numeric" value={chapter.start}
                  onChange={(e) => update(index, { start: e.currentTarget.value })} {...described(errors, `${at}.start`, `${id}-${index}-start-error`)} />
              </div>
              <button type="button" className="button button--danger-ghost button--small course-row__remove" onClick={() => onChange(chapters.filter((_, i) => i !== index))}>
                Remove<span className="visually-hidden"> chapter {index + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary button--small" disabled={chapters.length >= COURSE_LIMITS.chapters}
        onClick={() => onChange([...chapters, { key: newKey(), title: '', start: chapters.length === 0 ? '0' : '' }])} data-course-add-chapter="">
        Add a chapter
      </button>
    </fieldset>
  );
}

/** The assessment: questions with 2–5 answers, one marked correct (a radio group per question). */
export function QuestionsEditor({ questions, onChange, errors }: { questions: QuestionDraft[]; onChange: (next: QuestionDraft[]) => void; errors: Errors }) {
  const id = useId();
  const update = (index: number, next: QuestionDraft) => onChange(questions.map((q, i) => (i === index ? next : q)));
  return (
    <fieldset className="course-block" data-course-questions="">
      <legend className="product-subform__title">Assessment questions</legend>
      <p className="field__hint">
        Each question has {COURSE_LIMITS.answersMin} to {COURSE_LIMITS.answersMax} answers; mark the one correct answer. Learners see them in a shuffled order.
      </p>
      <FieldError id={`${id}-all`} errors={errors} path="questions" />
      {questions.length === 0 && <p className="product-muted-line">No questions yet.</p>}
      {questions.map((question, index) => (
        <QuestionEditor key={question.key} index={index} question={question} errors={errors} onChange={(next) => update(index, next)}
          onRemove={() => onChange(questions.filter((_, i) => i !== index))} />
      ))}
      <button type="button" className="button button--secondary button--small" disabled={questions.length >= COURSE_LIMITS.questions}
        onClick={() => onChange([...questions, { key: newKey(), text: '', answers: [{ key: newKey(), text: '', correct: true }, { key: newKey(), text: '', correct: false }] }])}
        data-course-add-question="">
        Add a question
      </button>
    </fieldset>
  );
}

function QuestionEditor({ index, question, errors, onChange, onRemove }: {
  index: number; question: QuestionDraft; errors: Errors; onChange: (next: QuestionDraft) => void; onRemove: () => void;
}) {
  const id = useId();
  const at = `questions[${index}]`;
  const setAnswer = (j: number, patch: Partial<AnswerDraft>) =>
    onChange({ ...question, answers: question.answers.map((a, i) => (i === j ? { ...a, ...patch } : patch.correct ? { ...a, correct: false } : a)) });
  return (
    <section className="course-question" aria-labelledby={`${id}-heading`} data-course-question={index}>
      <div className="course-question__top">
        <h3 id={`${id}-heading`} className="course-question__title">Question {index + 1}</h3>
        <button type="button" className="button button--danger-ghost button--small" onClick={onRemove}>
          Remove<span className="visually-hidden"> question {index + 1}</span>
        </button>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>Question</label>
        <FieldError id={`${id}-text-error`} errors={errors} path={`${at}.text`} />
        <textarea id={`${id}-text`} className="input field__input" rows={2} value={question.text} maxLength={COURSE_LIMITS.questionText}
          onChange={(e) => onChange({ ...question, text: e.currentTarget.value })} {...described(errors, `${at}.text`, `${id}-text-error`)} />
      </div>
      <fieldset className="course-answers" {...described(errors, `${at}.answers`, `${id}-answers-error`)}>
        <legend className="field__label">Answers (select the correct one)</legend>
        <FieldError id={`${id}-answers-error`} errors={errors} path={`${at}.answers`} />
        {question.answers.map((answer, j) => (
          <AnswerRow key={answer.key} id={`${id}-${j}`} group={`${id}-correct`} at={`${at}.answers[${j}]`} number={j + 1} answer={answer} errors={errors}
            canRemove={question.answers.length > COURSE_LIMITS.answersMin} onChange={(patch) => setAnswer(j, patch)}
            onRemove={() => onChange({ ...question, answers: question.answers.filter((_, i) => i !== j) })} />
        ))}
        <button type="button" className="button button--secondary button--small" disabled={question.answers.length >= COURSE_LIMITS.answersMax}
          onClick={() => onChange({ ...question, answers: [...question.answers, { key: newKey(), text: '', correct: false }] })} data-course-add-answer="">
          Add an answer
        </button>
      </fieldset>
    </section>
  );
}

function AnswerRow({ id, group, at, number, answer, errors, canRemove, onChange, onRemove }: {
  id: string; group: string; at: string; number: number; answer: AnswerDraft; errors: Errors; canRemove: boolean;
  onChange: (patch: Partial<AnswerDraft>) => void; onRemove: () => void;
}): ReactNode {
  return (
    <div className="course-answer" data-course-answer={number}>
      <input type="radio" id={`${id}-correct`} name={group} className="course-answer__correct" checked={answer.correct} onChange={() => onChange({ correct: true })} />
      <label className="visually-hidden" htmlFor={`${id}-correct`}>Answer {number} is the correct one</label>
      <div className="course-answer__text">
        <label className="visually-hidden" htmlFor={`${id}-text`}>Answer {number}</label>
        <FieldError id={`${id}-text-error`} errors={errors} path={`${at}.text`} />
        <input id={`${id}-text`} className="input field__input" value={answer.text} maxLength={COURSE_LIMITS.answerText} placeholder={`Answer ${number}`}
          onChange={(e) => onChange({ text: e.currentTarget.value })} {...described(errors, `${at}.text`, `${id}-text-error`)} />
      </div>
      {canRemove && (
        <button type="button" className="button button--danger-ghost button--small" onClick={onRemove}>
          Remove<span className="visually-hidden"> answer {number}</span>
        </button>
      )}
    </div>
  );
}

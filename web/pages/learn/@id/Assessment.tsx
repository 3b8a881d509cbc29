import { useState } from 'react';
import type { AssessmentView, AttemptResultView } from '../../../../src/modules/training/index.js';
import { SubmitButton, useHydrated } from '../../../components/FormControls.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch, errorBodyOf } from '../../../lib/api.js';
import { formatDateTime } from '../../../lib/format.js';
import { CertificateLinks } from './Result.js';

/**
 * The assessment (ADR 0047): one radio group per question (fieldset and legend), in the order the server shuffled;
 * marked on the server; the result says the score, pass or fail and the attempts left, and links the certificate.
 */
export function Assessment({ enrolmentId, onPassed }: { enrolmentId: number; onPassed: () => void }) {
  const [questions, setQuestions] = useState<AssessmentView | null>(null);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [result, setResult] = useState<AttemptResultView | null>(null);
  const [problem, setProblem] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const base = `/api/learn/${enrolmentId}/assessment`;

  const failed = (error: unknown) => {
    const body = errorBodyOf(error);
    setProblem({ message: body.message ?? 'Something went wrong. Please try again.', errors: body.errors ?? {} });
  };
  const start = async () => {
    setSending(true);
    setProblem(null);
    try {
      setQuestions(await apiFetch<AssessmentView>(base));
      setChosen({});
      setResult(null);
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="learn-section learn-assessment" aria-labelledby="learn-assessment-title" data-assessment="">
      <h2 id="learn-assessment-title">Assessment</h2>
      {problem && !questions && <Notice kind="error">{problem.message}</Notice>}
      {result && (
        <div className={`learn-result learn-result--${result.passed ? 'passed' : 'failed'}`} role="status" data-result={result.passed ? 'passed' : 'failed'}>
          <p className="learn-result__verdict">
            {result.passed ? '✓ Passed' : '✗ Not passed'}: you scored <strong>{result.score}%</strong> (the pass mark is {result.pass_mark}%).
          </p>
          {result.passed && result.certificate_code ? (
            <>
              <p>
                Your certificate code is <strong data-certificate-code="">{result.certificate_code}</strong>.
              </p>
              <CertificateLinks code={result.certificate_code} />
            </>
          ) : (
            <p data-attempts-left={result.attempts_left}>
              {result.attempts_left > 0
                ? `You have ${result.attempts_left === 1 ? '1 attempt' : `${result.attempts_left} attempts`} left today. The questions come in a new order each time.`
                : `You have used today's 3 attempts. Your next attempt opens ${formatDateTime(result.next_attempt_at)}.`}
            </p>
          )}
        </div>
      )}
      {!questions || result ? (
        !result?.passed && (!result || result.attempts_left > 0) && (
          <>
            {!result && <p>Answer every question; you have 3 attempts a day. Take your time: nothing is timed.</p>}
            <button type="button" className="button" onClick={() => void start()} disabled={!hydrated || sending} data-start-assessment="">
              {result ? 'Try again' : 'Start the assessment'}
            </button>
          </>
        )
      ) : (
        <form
          className="form learn-questions"
          noValidate
          data-form="assessment"
          onSubmit={(event) => {
            event.preventDefault();
            setSending(true);
            setProblem(null);
            apiFetch<AttemptResultView>(base, { method: 'POST', body: { answers: chosen } })
              .then((marked) => {
                setResult(marked);
                if (marked.passed) onPassed();
              }, failed)
              .finally(() => setSending(false));
          }}
        >
          <p>
            {questions.questions.length} questions; the pass mark is {questions.pass_mark}%. You have{' '}
            {questions.attempts_left === 1 ? '1 attempt' : `${questions.attempts_left} attempts`} left today.
          </p>
          {problem && <Notice kind="error">{problem.message}</Notice>}
          {questions.questions.map((question, index) => {
            const errors = problem?.errors[`answers.${question.id}`];
            return (
              <fieldset key={question.id} className={`learn-question${errors ? ' field--invalid' : ''}`} data-question={question.id} aria-describedby={errors ? `q-${question.id}-error` : undefined}>
                <legend>
                  <span className="learn-question__number">Question {index + 1}.</span> {question.text}
                </legend>
                {errors && (
                  <p className="field__error" id={`q-${question.id}-error`}>
                    {errors.join(' ')}
                  </p>
                )}
                {question.answers.map((answer) => (
                  <label key={answer.id} className="learn-answer">
                    <input
                      type="radio"
                      name={`question-${question.id}`}
                      value={answer.id}
                      checked={chosen[question.id] === answer.id}
                      onChange={() => setChosen((current) => ({ ...current, [question.id]: answer.id }))}
                    />{' '}
                    {answer.text}
                  </label>
                ))}
              </fieldset>
            );
          })}
          <SubmitButton sending={sending}>Send my answers</SubmitButton>
        </form>
      )}
    </section>
  );
}

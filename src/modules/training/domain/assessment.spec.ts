import { answerProblems, attemptAllowance, mark, shuffled } from './assessment.js';

const questions = [
  { id: 1, text: 'Bend your…', answers: [{ id: 11, text: 'Knees', correct: true }, { id: 12, text: 'Back', correct: false }] },
  { id: 2, text: 'Check…', answers: [{ id: 21, text: 'The weight', correct: true }, { id: 22, text: 'The weather', correct: false }] },
  { id: 3, text: 'Ask…', answers: [{ id: 31, text: 'For help', correct: true }, { id: 32, text: 'Nobody', correct: false }] },
];

describe('assessment rules', () => {
  it('wants one of its own answers for every question, and no others', () => {
    expect(answerProblems(questions, { 1: 11, 2: 22, 3: 31 })).toEqual({});
    expect(answerProblems(questions, { 1: 21, 3: 31, 9: 11 })).toEqual({
      'answers.9': ['This question is not part of the assessment (reload the page).'],
      'answers.1': ['That answer is not one of this question\'s (reload the page).'],
      'answers.2': ['Choose an answer.'],
    });
  });

  it('scores the whole percentage right, rounded down, and passes at the pass mark', () => {
    expect(mark(questions, { 1: 11, 2: 21, 3: 32 }, 66)).toMatchObject({ score: 66, passed: true });
    expect(mark(questions, { 1: 11, 2: 21, 3: 32 }, 80)).toMatchObject({ score: 66, passed: false });
    expect(mark(questions, { 1: 11, 2: 21, 3: 31 }, 80).answered).toEqual([
      { question: 'Bend your…', answer: 'Knees', correct: true }, { question: 'Check…', answer: 'The weight', correct: true }, { question: 'Ask…', answer: 'For help', correct: true },
    ]);
  });

  it('allows 3 attempts in any rolling 24 hours and says when the next opens', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    expect(attemptAllowance([], now)).toEqual({ left: 3, nextAt: null });
    expect(attemptAllowance([hoursAgo(1), hoursAgo(2)], now)).toEqual({ left: 1, nextAt: null });
    expect(attemptAllowance([hoursAgo(1), hoursAgo(2), hoursAgo(30)], now)).toEqual({ left: 1, nextAt: null });
    expect(attemptAllowance([hoursAgo(1), hoursAgo(5), hoursAgo(2)], now)).toEqual({ left: 0, nextAt: new Date('2026-11-29T07:00:00Z') });
  });

  it('shuffles without losing or repeating items', () => {
    const order = shuffled([1, 2, 3, 4, 5], () => 0);
    expect([...order].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(order).not.toEqual([1, 2, 3, 4, 5]);
  });
});

import { courseDraftProblems, toCourseDraft } from './course-content.js';

const valid = () => ({
  duration: 30,
  chapters: [{ title: 'Start', start: 0 }, { title: 'Middle', start: 10 }],
  questions: [{ text: 'Q', answers: [{ text: 'a', correct: false }, { text: 'b', correct: true }] }],
  pass_mark: 80,
  validity_months: 12,
  accreditation: null as string | null,
});

describe('course content rules', () => {
  it('accept a good course, and one with no film yet', () => {
    expect(courseDraftProblems(valid())).toEqual({});
    expect(courseDraftProblems({ ...valid(), duration: null, chapters: [], questions: [], validity_months: null })).toEqual({});
  });

  it('want chapters from 0, ascending, within the film', () => {
    expect(courseDraftProblems({ ...valid(), chapters: [{ title: 'A', start: 1 }] })).toEqual({ 'chapters[0].start': ['The first chapter starts at 0 seconds.'] });
    expect(Object.keys(courseDraftProblems({ ...valid(), chapters: [{ title: 'A', start: 0 }, { title: 'B', start: 0 }] }))).toEqual(['chapters[1].start']);
    expect(Object.keys(courseDraftProblems({ ...valid(), chapters: [{ title: 'A', start: 0 }, { title: 'B', start: 30 }] }))).toEqual(['chapters[1].start']);
    expect(Object.keys(courseDraftProblems({ ...valid(), chapters: [{ title: ' ', start: 0 }, { title: 'B', start: 2.5 }] }))).toEqual(['chapters[0].title', 'chapters[1].start']);
    expect(Object.keys(courseDraftProblems({ ...valid(), chapters: 'none' }))).toEqual(['chapters']);
  });

  it('want 2 to 5 answers per question with exactly one correct', () => {
    const answers = (n: number, correct: number[]) => Array.from({ length: n }, (_, i) => ({ text: `a${i}`, correct: correct.includes(i) }));
    const with_ = (a: unknown) => courseDraftProblems({ ...valid(), questions: [{ text: 'Q', answers: a }] });
    expect(with_(answers(5, [4]))).toEqual({});
    expect(Object.keys(with_(answers(1, [0])))).toEqual(['questions[0].answers']);
    expect(Object.keys(with_(answers(6, [0])))).toEqual(['questions[0].answers']);
    expect(with_(answers(3, []))).toEqual({ 'questions[0].answers': ['Mark exactly one answer as correct.'] });
    expect(with_(answers(3, [0, 1]))).toEqual({ 'questions[0].answers': ['Mark exactly one answer as correct.'] });
    expect(Object.keys(with_([{ text: 'a', correct: 'yes' }, 'b']))).toEqual(['questions[0].answers[0].correct', 'questions[0].answers[1]', 'questions[0].answers']);
  });

  it('bound the pass mark, the validity and the duration', () => {
    for (const pass_mark of [0, 101, 50.5, '80', undefined]) expect(Object.keys(courseDraftProblems({ ...valid(), pass_mark }))).toEqual(['pass_mark']);
    for (const validity_months of [0, 121, '12', undefined]) expect(Object.keys(courseDraftProblems({ ...valid(), validity_months }))).toEqual(['validity_months']);
    for (const duration of [0, -1, 36_001, undefined]) expect(Object.keys(courseDraftProblems({ ...valid(), duration }))).toContain('duration');
    expect(Object.keys(courseDraftProblems({ ...valid(), accreditation: 'x'.repeat(201) }))).toEqual(['accreditation']);
  });

  it('trims texts and turns a blank accreditation into none', () => {
    const draft = toCourseDraft({ ...valid(), chapters: [{ title: ' Start ', start: 0 }], accreditation: '  ' });
    expect(draft).toMatchObject({ chapters: [{ title: 'Start', start: 0 }], accreditation: null, passMark: 80, validityMonths: 12 });
  });
});

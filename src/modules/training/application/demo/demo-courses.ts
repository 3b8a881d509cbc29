import type { Chapter, Question } from '../../domain/course-content.js';

/** A demo film (assets/demo-films, made once by scripts/demo-films.mjs) with the chapters and questions it goes with. */
export interface DemoFilm {
  file: string;
  seconds: number;
  chapters: Chapter[];
  questions: Question[];
}

const q = (text: string, right: string, ...wrong: string[]): Question => ({
  text, answers: [{ text: right, correct: true }, ...wrong.map((w) => ({ text: w, correct: false }))],
});

/** Kept in step with scripts/demo-films.mjs (its FILMS: files, lengths and chapter starts). */
export const DEMO_FILMS: readonly DemoFilm[] = [
  {
    file: 'safe-lifting.webm', seconds: 24,
    chapters: [{ title: 'Before you lift', start: 0 }, { title: 'Lifting well', start: 8 }, { title: 'Carrying and setting down', start: 16 }],
    questions: [
      q('What should you do before lifting a load?', 'Check its weight and plan the route', 'Lift it quickly to get it over with', 'Ask someone to watch'),
      q('Which part of your body should do most of the work?', 'Your legs', 'Your back', 'Your arms'),
      q('Where should the load be held while carrying?', 'Close to the waist', 'At arm\'s length', 'Above the shoulders'),
      q('What should you avoid while lifting?', 'Twisting your trunk', 'Keeping a stable base', 'Looking ahead'),
      q('The load is too heavy for one person. What do you do?', 'Get help or a lifting aid', 'Try anyway, slowly', 'Drag it along the floor', 'Leave it where it is'),
    ],
  },
  {
    file: 'fire-safety.webm', seconds: 24,
    chapters: [{ title: 'Fire needs three things', start: 0 }, { title: 'Raising the alarm', start: 9 }, { title: 'Leaving safely', start: 17 }],
    questions: [
      q('Which three things does a fire need?', 'Heat, fuel and oxygen', 'Heat, water and smoke', 'Fuel, light and wind'),
      q('You discover a fire. What do you do first?', 'Raise the alarm', 'Finish your work', 'Open the windows'),
      q('Should you use the lift during a fire?', 'No, use the stairs', 'Yes, it is quicker', 'Only if it is busy'),
      q('Where do you go once you are out of the building?', 'The assembly point', 'Your car', 'Back inside for your coat'),
      q('Who may go back into the building?', 'No one, until the fire service says it is safe', 'Anyone who left something', 'The first person out'),
    ],
  },
  {
    file: 'workplace-hazards.webm', seconds: 20,
    chapters: [{ title: 'Spotting hazards', start: 0 }, { title: 'Reporting them', start: 10 }],
    questions: [
      q('What is a hazard?', 'Something with the potential to cause harm', 'An accident that has happened', 'A safety sign'),
      q('A cable trails across a walkway. What is it?', 'A trip hazard', 'A fire exit', 'Nothing to worry about'),
      q('Who should report a hazard they see?', 'Anyone who sees it', 'Only managers', 'Only the safety officer'),
      q('When should a spill be dealt with?', 'Straight away, or it is fenced off and reported', 'At the end of the shift', 'When someone slips'),
      q('Why are near misses reported?', 'So the cause is fixed before someone is hurt', 'To blame someone', 'They need not be'),
    ],
  },
];

/** Certificate validity of the demo courses, in turn: 12–36 months (product.md "Demo data"). */
export const DEMO_VALIDITY_MONTHS = [12, 24, 36] as const;
export const DEMO_PASS_MARK = 80;

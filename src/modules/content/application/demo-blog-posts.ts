import type { DemoBlogPost } from './blog-admin.service.js';

/**
 * Demo posts for `db:seed --demo`: added by slug when missing, never overwriting a post staff have edited.
 * Published in the past, newest last here (the list sorts by publication time).
 */
export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'fire-marshal-training-how-many-do-you-need',
    title: 'Fire marshal training: how many do you need?',
    excerpt:
      'There is no magic ratio in the law, but there is a sensible way to work it out. We walk through shifts, ' +
      'floors, holidays and higher-risk areas so your fire risk assessment adds up.',
    body:
      '<p>The Regulatory Reform (Fire Safety) Order 2005 asks the responsible person to appoint enough ' +
      '<strong>competent persons</strong> to carry out the fire safety measures in the premises. It does not ' +
      'set a number, which is why the question comes up on almost every course we run.</p>' +
      '<h2>Start with your fire risk assessment</h2>' +
      '<p>Your fire risk assessment should say how the building is evacuated and who checks each area. Count ' +
      'the areas to sweep, not the headcount: a small team spread over three floors needs more marshals than a ' +
      'larger team in one open-plan office.</p>' +
      '<h2>Cover every shift, holiday and sick day</h2>' +
      '<ul><li>At least one trained marshal on site whenever the building is occupied.</li>' +
      '<li>A deputy for each marshal, so leave and illness never leave a floor uncovered.</li>' +
      '<li>Extra cover where there are visitors, lone workers or people who need help to evacuate.</li></ul>' +
      '<h2>Higher-risk premises need more</h2>' +
      '<p>Kitchens, workshops, warehouses with high racking and premises storing flammable substances usually ' +
      'need a lower ratio of people to marshals. Many organisations settle on one marshal for every 20 people ' +
      'in low-risk offices and one for every 10 in higher-risk areas, then adjust after each fire drill.</p>' +
      '<p>Our fire marshal training DVD and online course cover the duties, the equipment and the drill, with a ' +
      'certificate for your records.</p>',
    coverImage: null,
    publishedAt: '2026-06-18T09:00:00.000Z',
  },
  {
    slug: 'what-the-new-hse-guidance-on-manual-handling-means-for-your-team',
    title: 'What the new HSE guidance on manual handling means for your team',
    excerpt:
      'The HSE has refreshed its advice on assessing lifting, carrying, pushing and pulling. Here is what has ' +
      'changed, what has not, and how to bring your manual handling training up to date.',
    body:
      '<p>Musculoskeletal disorders are still the most common type of work-related ill health in Great Britain. ' +
      'The Manual Handling Operations Regulations 1992 have not changed, but the HSE’s guidance on applying them ' +
      'keeps evolving, and the latest update puts more weight on <em>how</em> tasks are assessed.</p>' +
      '<h2>Avoid, assess, reduce</h2>' +
      '<p>The order of duties is the same: avoid hazardous manual handling where reasonably practicable, assess ' +
      'what cannot be avoided, and reduce the risk of injury as far as reasonably practicable.</p>' +
      '<h2>What to look at again</h2>' +
      '<ul><li>Use the MAC and RAPP tools for lifting, carrying, pushing and pulling tasks.</li>' +
      '<li>Look at repetitive tasks with the ART tool, not just one-off heavy lifts.</li>' +
      '<li>Involve the people who do the job: they know where the awkward reaches and twists are.</li></ul>' +
      '<h2>Training is part of the answer, not all of it</h2>' +
      '<p>Good technique helps, but the guidance is clear that training never replaces changing the task, the ' +
      'load or the environment. Refresh training when tasks change, after an incident, and at sensible intervals.</p>' +
      '<p>Our manual handling course is written to current HSE guidance and includes a short assessment.</p>',
    coverImage: null,
    publishedAt: '2026-08-04T09:00:00.000Z',
  },
  {
    slug: 'five-things-to-check-in-your-workplace-first-aid-needs-assessment',
    title: 'Five things to check in your workplace first aid needs assessment',
    excerpt:
      'A first aid needs assessment decides how many first aiders, kits and rooms you need. These five checks ' +
      'catch the gaps we see most often.',
    body:
      '<p>The Health and Safety (First-Aid) Regulations 1981 require employers to provide adequate and ' +
      'appropriate first aid equipment, facilities and people. The way to show what is adequate is a needs ' +
      'assessment.</p>' +
      '<ol><li><strong>The hazards:</strong> machinery, chemicals, driving or lone working all raise the level of ' +
      'cover you need.</li>' +
      '<li><strong>The people:</strong> count employees, but also visitors, contractors and members of the public.</li>' +
      '<li><strong>The times:</strong> shifts, overtime and weekend work need cover just as much as 9 to 5.</li>' +
      '<li><strong>The distance:</strong> how long would the emergency services take to reach you?</li>' +
      '<li><strong>The history:</strong> your accident book tells you what actually happens on site.</li></ol>' +
      '<p>Write down what you decided and why, and review it when anything changes.</p>',
    coverImage: null,
    publishedAt: '2026-09-22T09:00:00.000Z',
  },
  {
    slug: 'working-at-height-ladder-safety-toolbox-talk',
    title: 'Working at height: a ten-minute ladder safety toolbox talk',
    excerpt:
      'Falls from height remain one of the biggest causes of workplace deaths. Use this short toolbox talk to ' +
      'remind your team how to choose, check and use a ladder safely.',
    body:
      '<p>Ladders are not banned: the Work at Height Regulations 2005 allow them for low-risk, short-duration ' +
      'work where a safer alternative is not justified. Used badly, though, they cause serious injuries every week.</p>' +
      '<h2>Before you climb</h2>' +
      '<ul><li>Is a ladder the right equipment, or would a podium or tower be safer?</li>' +
      '<li>Do a pre-use check: stiles, feet, rungs, locking bars.</li>' +
      '<li>Set it on firm, level ground at a 1-in-4 angle, and secure it where you can.</li></ul>' +
      '<h2>While you work</h2>' +
      '<ul><li>Keep three points of contact and your belt buckle inside the stiles.</li>' +
      '<li>Do not overreach: climb down and move the ladder.</li>' +
      '<li>Carry only light materials, and no more than 30 minutes in one position.</li></ul>' +
      '<p>Our working at height poster set makes a good reminder next to the ladder store.</p>',
    coverImage: null,
    publishedAt: '2026-10-27T09:00:00.000Z',
  },
];

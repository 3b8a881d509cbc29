import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { Assessment } from './Assessment.js';
import { Player } from './Player.js';
import { CertificateLinks } from './Result.js';
import type { Data } from './+data.js';
import '../learn.css';

/**
 * `/learn/{id}` (issue 26, ADR 0047): the learner's course — the film with its chapters, resuming where they left
 * off and reporting what they watch; the assessment once 90% is watched; the certificate once passed.
 */
export default function Page() {
  const { course } = useData<Data>();
  const [watched, setWatched] = useState(course.watched_seconds);
  const [open, setOpen] = useState(course.assessment_open);
  const [passed, setPassed] = useState(course.certificate_code !== null);
  const percent = course.duration ? Math.min(100, Math.round((watched / course.duration) * 100)) : 0;
  return (
    <div className="container account-page learn-player-page" data-page="learn-course">
      <p className="learn-back">
        <a href="/learn">← My courses</a>
      </p>
      <h1>{course.title}</h1>
      <AccountNav />
      <Player
        course={course}
        onProgress={(progress) => {
          setWatched(progress.watched_seconds);
          if (progress.assessment_open) setOpen(true);
        }}
      />
      <div className="learn-watched" data-watched={percent}>
        <label htmlFor="learn-watched-bar">Watched {percent}%</label>
        <progress id="learn-watched-bar" max={100} value={percent}>
          {percent}%
        </progress>
        <p className="learn-watched__hint">
          {passed
            ? 'You have passed this course.'
            : open
              ? 'You have watched enough of the film: the assessment is open below.'
              : 'The assessment opens once you have watched 90% of the film.'}
        </p>
      </div>
      {course.certificate_code ? (
        <section className="learn-section" aria-labelledby="learn-passed" data-result="passed">
          <h2 id="learn-passed">Your certificate</h2>
          <p>
            You passed this course{course.score !== null ? ` with ${course.score}%` : ''}. Your certificate code is <strong>{course.certificate_code}</strong>.
          </p>
          <CertificateLinks code={course.certificate_code} />
        </section>
      ) : (
        open && <Assessment enrolmentId={course.id} onPassed={() => setPassed(true)} />
      )}
    </div>
  );
}

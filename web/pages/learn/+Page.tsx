import { useData } from 'vike-react/useData';
import { AccountNav } from '../../components/AccountNav.js';
import type { Data } from './+data.js';
import './learn.css';

type Course = Data['courses'][number];

const STATUS_LABELS: Record<Course['status'], string> = {
  invited: 'Invited',
  enrolled: 'In progress',
  completed: 'Completed',
  withdrawn: 'Seat taken back',
  revoked: 'Access revoked',
};

/** `/learn` (issue 26): the signed-in learner's online courses with their progress, each opening its player `/learn/{id}`. */
export default function Page() {
  const { courses } = useData<Data>();
  return (
    <div className="container account-page" data-page="learn">
      <h1>My courses</h1>
      <AccountNav />
      {courses.length === 0 ? (
        <p data-courses-empty="">
          You have no online courses yet. When your employer invites you, open the link in the invitation e-mail and the course appears here.
        </p>
      ) : (
        <>
          <p className="account-page__lead">Open a course to watch its film and, once you have watched 90% of it, take its assessment.</p>
          <ul className="learn-courses" data-courses="">
            {courses.map((course) => {
              const percent = Math.round(course.progress * 100);
              return (
                <li key={course.id} className="learn-course" data-course={course.id}>
                  <h2 className="learn-course__title">
                    <a href={`/learn/${course.id}`} data-course-link="">
                      {course.product.title}
                    </a>
                  </h2>
                  <p className="learn-course__status" data-course-status={course.status}>
                    {STATUS_LABELS[course.status]}
                    {course.certificate_code && <> · Certificate {course.certificate_code}</>}
                  </p>
                  <div className="learn-course__progress">
                    <progress id={`progress-${course.id}`} max={100} value={percent} aria-label={`Progress of ${course.product.title}`}>
                      {percent}%
                    </progress>
                    <span aria-hidden="true">{percent}% watched</span>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

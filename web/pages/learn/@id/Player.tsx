import { useEffect, useRef } from 'react';
import type { ProgressView } from '../../../../src/modules/training/index.js';
import { apiFetch } from '../../../lib/api.js';
import type { Data } from './+data.js';

/** How often a playing film reports what was watched (the server credits it by the wall clock). */
const REPORT_EVERY_MS = 10_000;

export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * The film in the browser's own player (native controls: keyboard and screen reader usable), its chapters as buttons
 * that seek, resuming at the stored position. It reports the stretch watched since the last report every 10 s while
 * playing, on pause, on seeking away, at the end and when the page is hidden; a report when playback starts only
 * starts the server's clock.
 */
export function Player({ course, onProgress }: { course: Data['course']; onProgress: (progress: ProgressView) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const from = useRef<number | null>(null); // where the stretch not yet reported began, while playing
  const last = useRef(course.position); // the playhead at the last timeupdate (seeking has already moved currentTime)
  const progressed = useRef(onProgress);
  useEffect(() => {
    progressed.current = onProgress;
  }, [onProgress]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const report = (to: number, keepalive = false) => {
      const start = from.current ?? to;
      from.current = v.paused || v.ended ? null : to;
      void apiFetch<ProgressView>(`/api/learn/${course.id}/progress`, {
        method: 'POST', keepalive, body: { position: to, watched_from: start, watched_to: Math.max(start, to) },
      }).then((progress) => progressed.current(progress), () => undefined); // a lost report costs only its stretch; the next one goes on
    };
    const resume = () => {
      if (course.position > 0 && course.position < (v.duration || Infinity) - 1) v.currentTime = course.position;
    };
    const onPlay = () => {
      from.current = v.currentTime;
      report(v.currentTime);
    };
    const onTime = () => {
      if (!v.seeking) last.current = v.currentTime;
    };
    const onSeeking = () => {
      if (from.current !== null) {
        report(last.current);
        from.current = v.currentTime;
      }
    };
    const onStop = () => {
      if (from.current !== null) report(v.currentTime);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden' && from.current !== null) report(v.currentTime, true);
    };
    const timer = window.setInterval(() => {
      if (!v.paused && from.current !== null) report(v.currentTime);
    }, REPORT_EVERY_MS);
    if (v.readyState >= 1) resume();
    v.addEventListener('loadedmetadata', resume);
    v.addEventListener('play', onPlay);
    v.addEventListener('timeupdate', onTime);
    v.addEventListener('seeking', onSeeking);
    v.addEventListener('pause', onStop);
    v.addEventListener('ended', onStop);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.clearInterval(timer);
      v.removeEventListener('loadedmetadata', resume);
      v.removeEventListener('play', onPlay);
      v.removeEventListener('timeupdate', onTime);
      v.removeEventListener('seeking', onSeeking);
      v.removeEventListener('pause', onStop);
      v.removeEventListener('ended', onStop);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [course.id, course.position]);

  if (!course.video_url) {
    return <p className="learn-section">This course's film is not ready yet. Please come back later.</p>;
  }
  return (
    <div className="learn-player">
      <video ref={video} className="learn-player__video" controls preload="metadata" src={course.video_url} aria-label={`Film: ${course.title}`} data-player="">
        Your browser cannot play this film.
      </video>
      {course.chapters.length > 0 && (
        <nav className="learn-chapters" aria-labelledby="learn-chapters-title">
          <h2 id="learn-chapters-title">Chapters</h2>
          <ol>
            {course.chapters.map((chapter) => (
              <li key={chapter.start}>
                <button
                  type="button"
                  className="learn-chapter"
                  data-chapter={chapter.start}
                  onClick={() => {
                    const v = video.current;
                    if (!v) return;
                    v.currentTime = chapter.start;
                    v.focus();
                  }}
                >
                  <span className="learn-chapter__time">{clock(chapter.start)}</span> {chapter.title}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </div>
  );
}

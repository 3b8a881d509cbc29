import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminCourseView } from '../../../../src/modules/training/index.js';
import { COURSE_LIMITS } from '../../../../src/shared/contracts/training.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { useNotify } from '../../kit/notifications.js';
import { LoadError, Loading } from '../../kit/states.js';
import { UploadProgressBar, uploadWithProgress, type UploadProgress } from '../../kit/upload-with-progress.js';
import { ChaptersEditor, FieldError, QuestionsEditor, newKey, type ChapterDraft, type QuestionDraft } from './product-course-parts.js';
import { productPath } from './product-tabs.js';
import type { Product } from './product.resource.js';
import './product-course.css';

type Errors = Record<string, string[]>;

/** A whole number typed into an input, or the text itself (the API names what is wrong with it). */
const numberOr = (text: string): number | string | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/**
 * The product's course (issue 26): the training film (uploaded with progress; its length read by the browser), the
 * chapters, the assessment, the pass mark, how long certificates last and the accreditation. Saved whole; the API's
 * reasons are shown beside each input by their paths (`questions[2].answers`).
 */
export function ProductCourseTab({ product }: { product: Product }) {
  const path = productPath(product.id, 'course');
  const course = useQuery({ queryKey: [path], queryFn: () => apiFetch<AdminCourseView>(path) });
  if (course.error) return <LoadError error={course.error} what="the course" />;
  if (!course.data) return <Loading />;
  return <CourseForm key={course.data.updated_at ?? 'new'} product={product} course={course.data} />;
}

function CourseForm({ product, course }: { product: Product; course: AdminCourseView }) {
  const id = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const path = productPath(product.id, 'course');
  const [duration, setDuration] = useState(course.duration === null ? '' : String(course.duration));
  const [passMark, setPassMark] = useState(String(course.pass_mark));
  const [validity, setValidity] = useState(course.validity_months === null ? '' : String(course.validity_months));
  const [accreditation, setAccreditation] = useState(course.accreditation ?? '');
  const [chapters, setChapters] = useState<ChapterDraft[]>(() => course.chapters.map((c) => ({ key: newKey(), title: c.title, start: String(c.start) })));
  const [questions, setQuestions] = useState<QuestionDraft[]>(() =>
    course.questions.map((q) => ({ key: newKey(), text: q.text, answers: q.answers.map((a) => ({ key: newKey(), text: a.text, correct: a.correct })) })));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setErrors({});
    setMessage(null);
    setSaving(true);
    try {
      const saved = await apiFetch<AdminCourseView>(path, {
        method: 'PUT',
        body: {
          duration: numberOr(duration), pass_mark: numberOr(passMark) ?? '', validity_months: numberOr(validity), accreditation: accreditation.trim() || null,
          chapters: chapters.map((c) => ({ title: c.title, start: numberOr(c.start) ?? '' })),
          questions: questions.map((q) => ({ text: q.text, answers: q.answers.map((a) => ({ text: a.text, correct: a.correct })) })),
        },
      });
      queryClient.setQueryData([path], saved);
      notify({ kind: 'success', message: `The course of ${product.title} is saved.` });
    } catch (failed) {
      const failure = formFailure(failed);
      setErrors(failure.errors);
      setMessage(Object.keys(failure.errors).length > 0 ? 'The course was not saved: see the reasons beside the fields.' : failure.message);
    } finally {
      setSaving(false);
    }
  };

  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  return (
    <div className="product-tab course-tab" data-product-course="">
      {!course.online_access && (
        <div className="notice notice--info" data-course-hint="">
          <p>This product has no online access option yet: learners can take the course once it is sold with one (Options tab).</p>
        </div>
      )}
      <FilmPanel product={product} course={course} onDuration={(seconds) => setDuration(String(seconds))} />
      <form className="admin-panel course-form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} data-course-form="">
        {message && (
          <div className="notice notice--error" role="alert" data-course-message="">
            <p>{message}</p>
          </div>
        )}
        <div className="course-settings">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-duration`}>Film length (seconds)</label>
            <p className="field__hint">Read from the uploaded film.</p>
            <FieldError id={`${id}-duration-error`} errors={errors} path="duration" />
            <input id={`${id}-duration`} className="input field__input" inputMode="numeric" value={duration} onChange={(e) => setDuration(e.currentTarget.value)} {...invalid('duration')} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-pass_mark`}>Pass mark (%)</label>
            <p className="field__hint">{COURSE_LIMITS.passMarkMin} to {COURSE_LIMITS.passMarkMax}.</p>
            <FieldError id={`${id}-pass_mark-error`} errors={errors} path="pass_mark" />
            <input id={`${id}-pass_mark`} className="input field__input" inputMode="numeric" value={passMark} onChange={(e) => setPassMark(e.currentTarget.value)} {...invalid('pass_mark')} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-validity_months`}>Certificate valid for (months)</label>
            <p className="field__hint">Empty: certificates never expire.</p>
            <FieldError id={`${id}-validity_months-error`} errors={errors} path="validity_months" />
            <input id={`${id}-validity_months`} className="input field__input" inputMode="numeric" value={validity} onChange={(e) => setValidity(e.currentTarget.value)} {...invalid('validity_months')} />
          </div>
          <div className="field course-settings__wide">
            <label className="field__label" htmlFor={`${id}-accreditation`}>Accreditation on the certificate</label>
            <p className="field__hint">Empty: the product's accreditation{product.accreditation ? ` (${product.accreditation})` : ''}.</p>
            <FieldError id={`${id}-accreditation-error`} errors={errors} path="accreditation" />
            <input id={`${id}-accreditation`} className="input field__input" value={accreditation} maxLength={COURSE_LIMITS.accreditation} onChange={(e) => setAccreditation(e.currentTarget.value)} {...invalid('accreditation')} />
          </div>
        </div>
        <ChaptersEditor chapters={chapters} onChange={setChapters} errors={errors} />
        <QuestionsEditor questions={questions} onChange={setQuestions} errors={errors} />
        <div className="course-form__actions">
          <button type="submit" className="button" disabled={saving} data-course-save="">{saving ? 'Saving…' : 'Save course'}</button>
        </div>
      </form>
    </div>
  );
}

/**
 * The film: the stored one to watch, and an upload that sends the length the browser reads from the chosen file's
 * metadata (a recorder's WebM may not say it: then the field is left to staff). ADR 0041.
 */
function FilmPanel({ product, course, onDuration }: { product: Product; course: AdminCourseView; onDuration: (seconds: number) => void }) {
  const id = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const chosen = (file: File | undefined) => {
    setSeconds(null);
    setError(null);
    setPreview(file ? URL.createObjectURL(file) : null);
  };
  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) return setError('Choose the film to upload (MP4 or WebM).');
    const form = new FormData();
    form.append('file', file);
    if (seconds !== null) form.append('duration', String(seconds));
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const saved = await uploadWithProgress<AdminCourseView>(productPath(product.id, 'course/film'), form, setProgress, 'PUT');
      queryClient.setQueryData([productPath(product.id, 'course')], saved);
      notify({ kind: 'success', message: 'The film is uploaded.' });
    } catch (failed) {
      const failure = formFailure(failed);
      setError([...(failure.errors.file ?? []), ...(failure.errors.duration ?? [])].join(' ') || failure.message);
    } finally {
      setProgress(null);
    }
  };
  const size = course.video ? `${(course.video.size / 1024 / 1024).toFixed(1)} MB ${course.video.content_type === 'video/webm' ? 'WebM' : 'MP4'}` : null;
  return (
    <section className="admin-panel course-film" aria-labelledby={`${id}-heading`} data-course-film="">
      <h2 id={`${id}-heading`} className="product-subform__title">Training film</h2>
      {course.video ? (
        <div className="course-film__current">
          <video className="course-film__video" controls preload="metadata" src={course.video.url} aria-label={`Training film of ${product.title}`} />
          <p className="product-muted-line" data-course-film-info="">{size}{course.duration ? `, ${course.duration} seconds` : ''}. Kept private: only enrolled learners watch it, never in previews.</p>
        </div>
      ) : (
        <p className="product-muted-line">No film yet.</p>
      )}
      <div className="product-uploader">
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-file`}>{course.video ? 'Replace the film' : 'Upload the film'} (MP4 or WebM, at most 200 MB)</label>
          {error && <p id={`${id}-file-error`} className="field__error" role="alert" data-field-error="file">{error}</p>}
          <input ref={input} id={`${id}-file`} type="file" accept="video/mp4,video/webm" disabled={progress !== null} onChange={(e) => chosen(e.currentTarget.files?.[0])}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-file-error` } : {})} />
        </div>
        {preview && (
          // Never shown: the browser reads the chosen file's length from it.
          <video hidden preload="metadata" src={preview} onLoadedMetadata={(e) => {
            const length = e.currentTarget.duration;
            if (Number.isFinite(length) && length >= 1) {
              setSeconds(Math.round(length));
              onDuration(Math.round(length));
            }
          }} />
        )}
        <div className="product-uploader__actions">
          <button type="button" className="button" disabled={progress !== null} onClick={() => void upload()} data-course-film-upload="">Upload film</button>
          {seconds !== null && progress === null && <span className="product-muted-line">Length read from the file: {seconds} s</span>}
          {progress && <UploadProgressBar progress={progress} label="Film upload" />}
        </div>
      </div>
    </section>
  );
}

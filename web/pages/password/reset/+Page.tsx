import { useState, type FormEvent } from 'react';
import { ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange } from '../../../components/FormControls.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useApiForm } from '../../../lib/use-api-form.js';

const FIELD_IDS = { email: 'reset-request-email' };
const FIELD_LABELS = { email: 'E-mail address' };

/**
 * Forgotten password: `POST /api/password/email {email}`. The server answers the same for any address (no
 * account enumeration); its message is shown as a success notice.
 */
export default function Page() {
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ message: string; at: number } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    void form.submit(async () => {
      const answer = await apiFetch<{ message?: string }>('/api/password/email', { method: 'POST', body: { email: email.trim() } });
      setSent({
        message: answer?.message ?? 'If an account exists for that address, we have e-mailed a link to reset the password.',
        at: Date.now(),
      });
    });
  }

  return (
    <div className="container auth-page auth-page--narrow" data-page="password-reset-request">
      <h1>Reset your password</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password. The link works for 60 minutes.</p>
      {sent ? (
        <Notice key={sent.at} kind="success">
          {sent.message}
        </Notice>
      ) : null}
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-label="Reset your password" data-form="password-email">
        <TextField
          id={FIELD_IDS.email}
          name="email"
          label={FIELD_LABELS.email}
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          value={email}
          onChange={setEmail}
          errors={form.errorsFor('email')}
          required
        />
        <div className="form__actions">
          <SubmitButton sending={form.sending}>Send the link</SubmitButton>
          <a href="/login">Back to sign in</a>
        </div>
      </form>
    </div>
  );
}

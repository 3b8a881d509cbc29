import { useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange, NewPasswordFields } from '../../../../components/FormControls.js';
import { Notice } from '../../../../components/Notice.js';
import { apiFetch } from '../../../../lib/api.js';
import { useApiForm } from '../../../../lib/use-api-form.js';

const FIELD_IDS = {
  email: 'reset-email',
  password: 'reset-password',
  password_confirmation: 'reset-password-confirmation',
};
const FIELD_LABELS = { email: 'E-mail address', password: 'New password', password_confirmation: 'Confirm new password' };

/**
 * The link from the reset e-mail: `/password/reset/{token}?email=…`. `POST /api/password/reset {token, email,
 * password, password_confirmation}`; on success the server's message and a link to sign in. An expired or
 * used link is reported in the error summary (`errors.token`: the form has no field for it).
 */
export default function Page() {
  const pageContext = usePageContext();
  const token = pageContext.routeParams.token ?? '';
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [email, setEmail] = useState(pageContext.urlParsed.search.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(async () => {
      const answer = await apiFetch<{ message?: string }>('/api/password/reset', {
        method: 'POST',
        body: { token, email: email.trim(), password, password_confirmation: confirmation },
      });
      setPassword('');
      setConfirmation('');
      setDone(answer?.message ?? 'Your password has been reset.');
    });
  }

  if (done !== null) {
    return (
      <div className="container auth-page auth-page--narrow" data-page="password-reset">
        <h1>Choose a new password</h1>
        <Notice kind="success">{done}</Notice>
        <p>
          <a className="button" href="/login" data-sign-in-after-reset="">
            Sign in with your new password
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="container auth-page auth-page--narrow" data-page="password-reset">
      <h1>Choose a new password</h1>
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-label="Choose a new password" data-form="password-reset">
        <TextField
          id={FIELD_IDS.email}
          name="email"
          label={FIELD_LABELS.email}
          type="email"
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          value={email}
          onChange={setEmail}
          errors={form.errorsFor('email')}
          required
        />
        <NewPasswordFields
          ids={FIELD_IDS}
          labels={FIELD_LABELS}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errorsFor={form.errorsFor}
          hint="8 to 128 characters. Resetting it signs your account out on every device."
        />
        <div className="form__actions">
          <SubmitButton sending={form.sending}>Reset password</SubmitButton>
        </div>
      </form>
      <p>
        Link expired? <a href="/password/reset">Ask for a new one</a>.
      </p>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { AccountNav } from '../../../components/AccountNav.js';
import { ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange, NewPasswordFields } from '../../../components/FormControls.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useShell } from '../../../lib/shell.js';
import { useApiForm } from '../../../lib/use-api-form.js';

const FIELD_IDS = {
  current_password: 'password-current',
  password: 'password-new',
  password_confirmation: 'password-confirmation',
};
const FIELD_LABELS = { current_password: 'Current password', password: 'New password', password_confirmation: 'Confirm new password' };

/**
 * `PUT /api/user/password {current_password, password, password_confirmation}` → the server's message as a
 * success notice. The server signs out every other session and e-mails the owner.
 */
export default function Page() {
  const { user } = useShell();
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<{ message: string; at: number } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    void form.submit(async () => {
      const answer = await apiFetch<{ message?: string }>('/api/user/password', {
        method: 'PUT',
        body: { current_password: current, password, password_confirmation: confirmation },
      });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setDone({ message: answer?.message ?? 'Your password has been changed.', at: Date.now() });
    });
  }

  return (
    <div className="container account-page" data-page="account-password">
      <h1>Change your password</h1>
      <AccountNav />
      {done ? (
        <Notice key={done.at} kind="success">
          {done.message}
        </Notice>
      ) : null}
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-label="Change your password" data-form="password">
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <TextField
          id={FIELD_IDS.current_password}
          name="current_password"
          label={FIELD_LABELS.current_password}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          errors={form.errorsFor('current_password')}
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
          hint="8 to 128 characters. Changing it signs your account out on every other device."
        />
        <div className="form__actions">
          <SubmitButton sending={form.sending}>Change password</SubmitButton>
        </div>
      </form>
    </div>
  );
}

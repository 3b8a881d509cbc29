import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldForm, newPasswordFields, useFieldForm } from '../../../../components/FieldForm.js';
import type { FieldSpec } from '../../../../components/forms/form-values.js';
import { Notice } from '../../../../components/Notice.js';
import { apiFetch } from '../../../../lib/api.js';

const FIELDS: FieldSpec[] = [
  { name: 'email', label: 'E-mail address', kind: 'email', required: true, autoComplete: 'username' },
  ...newPasswordFields({ password: 'New password', confirmation: 'Confirm new password' }, '8 to 128 characters. Resetting it signs your account out on every device.'),
];

/**
 * The link from the reset e-mail: `/password/reset/{token}?email=…`. `POST /api/password/reset {token, email,
 * password, password_confirmation}`; on success the server's message and a link to sign in. An expired or
 * used link is reported in the error summary (`errors.token`: the form has no field for it).
 */
export default function Page() {
  const pageContext = usePageContext();
  const token = pageContext.routeParams.token ?? '';
  const state = useFieldForm(FIELDS, { email: pageContext.urlParsed.search.email ?? '' });
  const [done, setDone] = useState<string | null>(null);

  async function reset() {
    const answer = await apiFetch<{ message?: string }>('/api/password/reset', { method: 'POST', body: { token, ...state.body() } });
    setDone(answer?.message ?? 'Your password has been reset.');
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
      <FieldForm
        state={state}
        idPrefix="reset"
        onSubmit={reset}
        submit="Reset password"
        attributes={{ 'aria-label': 'Choose a new password', 'data-form': 'password-reset' }}
      />
      <p>
        Link expired? <a href="/password/reset">Ask for a new one</a>.
      </p>
    </div>
  );
}

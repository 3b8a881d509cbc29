import { useState } from 'react';
import { FieldForm, useFieldForm } from '../../../components/FieldForm.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';

const FIELDS: FieldSpec[] = [{ name: 'email', label: 'E-mail address', kind: 'email', required: true, autoComplete: 'email' }];

/**
 * Forgotten password: `POST /api/password/email {email}`. The server answers the same for any address (no
 * account enumeration); its message is shown as a success notice.
 */
export default function Page() {
  const state = useFieldForm(FIELDS);
  const [sent, setSent] = useState<{ message: string; at: number } | null>(null);

  async function askForLink() {
    setSent(null);
    const answer = await apiFetch<{ message?: string }>('/api/password/email', { method: 'POST', body: state.body() });
    setSent({
      message: answer?.message ?? 'If an account exists for that address, we have e-mailed a link to reset the password.',
      at: Date.now(),
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
      <FieldForm
        state={state}
        idPrefix="reset-request"
        onSubmit={askForLink}
        submit="Send the link"
        actions={<a href="/login">Back to sign in</a>}
        attributes={{ 'aria-label': 'Reset your password', 'data-form': 'password-email' }}
      />
    </div>
  );
}

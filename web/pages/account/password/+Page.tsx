import { useState } from 'react';
import { AccountNav } from '../../../components/AccountNav.js';
import { FieldForm, newPasswordFields, useFieldForm } from '../../../components/FieldForm.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { useShell } from '../../../lib/shell.js';

const FIELDS: FieldSpec[] = [
  { name: 'current_password', label: 'Current password', kind: 'password', required: true, autoComplete: 'current-password' },
  ...newPasswordFields({ password: 'New password', confirmation: 'Confirm new password' }, '8 to 128 characters. Changing it signs your account out on every other device.'),
];

/**
 * `PUT /api/user/password {current_password, password, password_confirmation}` → the server's message as a
 * success notice. The server signs out every other session and e-mails the owner.
 */
export default function Page() {
  const { user } = useShell();
  const state = useFieldForm(FIELDS);
  const [done, setDone] = useState<{ message: string; at: number } | null>(null);

  async function change() {
    setDone(null);
    const answer = await apiFetch<{ message?: string }>('/api/user/password', { method: 'PUT', body: state.body() });
    state.reset();
    setDone({ message: answer?.message ?? 'Your password has been changed.', at: Date.now() });
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
      <FieldForm
        state={state}
        idPrefix="change"
        onSubmit={change}
        submit="Change password"
        attributes={{ 'aria-label': 'Change your password', 'data-form': 'password' }}
      >
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      </FieldForm>
    </div>
  );
}

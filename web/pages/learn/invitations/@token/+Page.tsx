import { useState } from 'react';
import { navigate } from 'vike/client/router';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { TRAINING_LIMITS } from '../../../../../src/shared/contracts/training.js';
import { useHydrated } from '../../../../components/FormControls.js';
import { Notice } from '../../../../components/Notice.js';
import { apiFetch } from '../../../../lib/api.js';
import { formatDateTime } from '../../../../lib/format.js';
import { loginUrlFor } from '../../../../lib/redirect.js';
import { useShell } from '../../../../lib/shell.js';
import { LEAVING, useApiForm } from '../../../../lib/use-api-form.js';
import type { Data } from './+data.js';
import '../../learn.css';

/**
 * `/learn/invitations/{token}`, the invitation e-mail's link (issue 26): which course, who invited; a visitor signs
 * in or registers and comes back here; a signed-in one gives the name for the certificate if their profile has
 * none, and "Start the course" (`POST /api/learn/invitations/{token}`) takes the seat and goes to /learn.
 */
export default function Page() {
  const { invitation } = useData<Data>();
  const { user } = useShell();
  const { urlPathname, routeParams } = usePageContext();
  const hydrated = useHydrated();
  const form = useApiForm();
  const profileName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const [name, setName] = useState('');
  const nameErrors = form.errorsFor('name');

  if (invitation.state === 'unknown' || invitation.state === 'gone') {
    return (
      <div className="container auth-page auth-page--narrow" data-page="learn-invitation" data-invitation={invitation.state}>
        <h1>Your course invitation</h1>
        <Notice kind="error">
          {invitation.state === 'gone' ? invitation.message : 'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask whoever invited you for a new one.'}
        </Notice>
        <p>
          <a href={user ? '/learn' : '/'}>{user ? 'Go to my courses' : 'Go to the home page'}</a>
        </p>
      </div>
    );
  }

  if (invitation.state === 'accepted') {
    return (
      <div className="container auth-page auth-page--narrow invitation" data-page="learn-invitation" data-invitation="accepted">
        <h1>Your course invitation</h1>
        <p className="invitation__course">{invitation.course.title}</p>
        <Notice kind="success" autoHideMs={false}>
          You have already accepted this invitation: the course is yours.
        </Notice>
        <p>
          <a className="button" href="/learn">
            Go to my courses
          </a>
        </p>
      </div>
    );
  }

  const login = loginUrlFor(urlPathname);
  const register = `/register?redirect=${encodeURIComponent(urlPathname)}`;
  return (
    <div className="container auth-page auth-page--narrow invitation" data-page="learn-invitation" data-invitation="open">
      <h1>Your course invitation</h1>
      <p className="invitation__course">{invitation.course.title}</p>
      <p>
        {invitation.invited_by} has given you a seat on this online course. The invitation was sent to <strong>{invitation.email}</strong> and can be
        used once, until {formatDateTime(invitation.expires_at)}.
      </p>
      {!user ? (
        <>
          <p>To start, sign in to your account, or create one — it takes a minute. You will come back to this page.</p>
          <p className="form__actions">
            <a className="button" href={login} data-invitation-sign-in="">
              Sign in
            </a>
            <a className="button button--secondary" href={register} data-invitation-register="">
              Create an account
            </a>
          </p>
        </>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async () => {
              await apiFetch(`/api/learn/invitations/${encodeURIComponent(routeParams.token ?? '')}`, {
                method: 'POST',
                body: profileName ? {} : { name },
              });
              await navigate('/learn');
              return LEAVING;
            });
          }}
          data-form="accept-invitation"
        >
          {form.failure && !nameErrors && <Notice kind="error">{form.failure.message}</Notice>}
          {profileName ? (
            <p>
              Your certificate will be made out to <strong>{profileName}</strong>. To change the name, edit <a href="/account/profile">your profile</a>{' '}
              first.
            </p>
          ) : (
            <div className={`field${nameErrors ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor="invitation-name">
                Your full name
              </label>
              <p className="field__hint" id="invitation-name-hint">
                As it should appear on your certificate.
              </p>
              {nameErrors && (
                <p className="field__error" id="invitation-name-error">
                  {nameErrors.join(' ')}
                </p>
              )}
              <input
                id="invitation-name"
                className="input field__input"
                value={name}
                maxLength={TRAINING_LIMITS.learnerName}
                autoComplete="name"
                required
                aria-invalid={nameErrors ? true : undefined}
                aria-describedby={nameErrors ? 'invitation-name-hint invitation-name-error' : 'invitation-name-hint'}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
          )}
          <div className="form__actions">
            <button type="submit" className="button" disabled={!hydrated || form.sending} data-invitation-start="">
              {form.sending ? 'Starting…' : 'Start the course'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

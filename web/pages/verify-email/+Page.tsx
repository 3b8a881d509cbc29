import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useData } from 'vike-react/useData';
import { useHydrated } from '../../components/FormControls.js';
import { Notice } from '../../components/Notice.js';
import { apiFetch } from '../../lib/api.js';
import { formFailure } from '../../lib/form-errors.js';
import { useShell } from '../../lib/shell.js';
import type { Data } from './+data.js';

const INVALID = 'This verification link is invalid or has expired.';

/**
 * The e-mailed verification link's landing page (ADR 0033): a button confirms the address
 * (`POST /api/email/verify {token}`); an address already confirmed, or a link that is used, expired or superseded,
 * says so with the way on.
 */
export default function Page() {
  const { outcome } = useData<Data>();
  const { user } = useShell();
  const token = usePageContext().urlParsed.search.token ?? '';
  const hydrated = useHydrated();
  const [state, setState] = useState<{ kind: 'pending' | 'sending' | 'verified' | 'failed'; text: string }>({ kind: 'pending', text: '' });
  const next = user ? { href: '/account', text: 'Go to your account' } : { href: '/login', text: 'Sign in' };

  async function confirm() {
    setState({ kind: 'sending', text: '' });
    try {
      const answer = await apiFetch<{ message?: string }>('/api/email/verify', { method: 'POST', body: { token } });
      setState({ kind: 'verified', text: answer?.message ?? 'Your e-mail address is verified.' });
    } catch (error) {
      const failure = formFailure(error);
      setState({ kind: 'failed', text: failure.errors?.token?.[0] ?? failure.message });
    }
  }

  const shown = outcome.state === 'pending' && state.kind === 'verified' ? 'verified' : outcome.state === 'pending' && state.kind === 'failed' ? 'invalid' : outcome.state;
  return (
    <div className="container auth-page auth-page--narrow" data-page="verify-email" data-verification={shown}>
      <h1>Confirm your e-mail address</h1>
      {outcome.state === 'invalid' ? (
        <>
          <Notice kind="error">{INVALID}</Notice>
          <p>Links work once, for 48 hours. {user ? 'Ask for a new one from your account page.' : 'Sign in and ask for a new one from your account page.'}</p>
        </>
      ) : outcome.state === 'already_verified' ? (
        <Notice kind="success" autoHideMs={false}>
          {`${outcome.email} is already verified.`}
        </Notice>
      ) : state.kind === 'verified' ? (
        <Notice kind="success" autoHideMs={false}>
          {state.text}
        </Notice>
      ) : (
        <>
          <p>{`Confirm that ${outcome.email} is your e-mail address.`}</p>
          {state.kind === 'failed' ? <Notice kind="error">{state.text}</Notice> : null}
          <p>
            <button
              type="button"
              className="button"
              disabled={!hydrated || state.kind === 'sending'}
              aria-busy={state.kind === 'sending' || undefined}
              onClick={() => void confirm()}
              data-confirm-email=""
            >
              Confirm my e-mail address
            </button>
          </p>
        </>
      )}
      <p>
        <a className={outcome.state === 'pending' && state.kind !== 'verified' ? undefined : 'button'} href={next.href} data-verification-next="">
          {next.text}
        </a>
      </p>
    </div>
  );
}

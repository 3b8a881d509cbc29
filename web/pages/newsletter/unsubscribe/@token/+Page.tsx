import { useState, type FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { NeedsJavaScript, useHydrated } from '../../../../components/FormControls.js';
import { Notice } from '../../../../components/Notice.js';
import { ApiError, apiFetch } from '../../../../lib/api.js';
import type { Data } from './+data.js';

export const UNSUBSCRIBED = 'You have been unsubscribed';
export const INVALID_LINK = 'This link is invalid or has expired';

/**
 * The link from every newsletter e-mail: `/newsletter/unsubscribe/{token}`, no sign-in. Opening it changes
 * nothing (mail scanners follow links); the button POSTs `/api/newsletter/unsubscribe {token}`.
 */
export default function Page() {
  const hydrated = useHydrated();
  const { link } = useData<Data>();
  const token = usePageContext().routeParams.token ?? '';
  const [state, setState] = useState<'ask' | 'sending' | 'done' | 'invalid' | 'failed'>(
    link === null ? 'invalid' : link.unsubscribed ? 'done' : 'ask',
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('sending');
    try {
      await apiFetch('/api/newsletter/unsubscribe', { method: 'POST', body: { token } });
      setState('done');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? 'invalid' : 'failed');
    }
  }

  return (
    <div className="container auth-page auth-page--narrow" data-page="newsletter-unsubscribe">
      <h1>Newsletter</h1>
      {state === 'invalid' && (
        <div data-unsubscribe-state="invalid">
          <Notice kind="error">{INVALID_LINK}</Notice>
          <p>
            <a href="/">Go to the home page</a>
          </p>
        </div>
      )}
      {state === 'done' && (
        <div data-unsubscribe-state="done">
          <Notice kind="success" autoHideMs={false}>
            {UNSUBSCRIBED}
          </Notice>
          <p>
            <a href="/">Continue shopping</a>
          </p>
        </div>
      )}
      {(state === 'ask' || state === 'sending' || state === 'failed') && link && (
        <div data-unsubscribe-state="ask">
          {state === 'failed' && <Notice kind="error">Something went wrong. Please try again.</Notice>}
          <p data-unsubscribe-email="">{`Unsubscribe ${link.masked_email}?`}</p>
          <NeedsJavaScript />
          <form className="form" method="post" noValidate onSubmit={onSubmit} aria-label="Unsubscribe from the newsletter" data-form="newsletter-unsubscribe">
            <button type="submit" className="button" disabled={!hydrated || state === 'sending'}>
              Unsubscribe
            </button>
          </form>
        </div>
      )}
    </div>
  );
}

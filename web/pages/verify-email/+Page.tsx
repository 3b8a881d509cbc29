import { useData } from 'vike-react/useData';
import { Notice } from '../../components/Notice.js';
import { useShell } from '../../lib/shell.js';
import type { Data } from './+data.js';

/** The e-mailed verification link's landing page: verified, already verified, or invalid/expired with the way on. */
export default function Page() {
  const { outcome } = useData<Data>();
  const { user } = useShell();
  const next = user ? { href: '/account', text: 'Go to your account' } : { href: '/login', text: 'Sign in' };

  return (
    <div className="container auth-page auth-page--narrow" data-page="verify-email" data-verification={outcome.state}>
      <h1>Confirm your e-mail address</h1>
      {outcome.state === 'invalid' ? (
        <>
          <Notice kind="error">This verification link is invalid or has expired.</Notice>
          <p>
            Links work once, for 48 hours. {user ? 'Ask for a new one from your account page.' : 'Sign in and ask for a new one from your account page.'}
          </p>
        </>
      ) : (
        <Notice kind="success" autoHideMs={false}>
          {outcome.state === 'verified' ? `Thank you: ${outcome.email} is verified.` : `${outcome.email} is already verified.`}
        </Notice>
      )}
      <p>
        <a className="button" href={next.href} data-verification-next="">
          {next.text}
        </a>
      </p>
    </div>
  );
}

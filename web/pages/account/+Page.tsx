import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { AccountNav } from '../../components/AccountNav.js';
import { useHydrated } from '../../components/FormControls.js';
import { Notice } from '../../components/Notice.js';
import { OrderList } from '../../components/orders/OrderList.js';
import { apiFetch } from '../../lib/api.js';
import { formFailure } from '../../lib/form-errors.js';
import { describeUserAgent, formatDateTime } from '../../lib/format.js';
import { oauthErrorMessage, startOAuth } from '../../lib/oauth.js';
import { usePageContext } from 'vike-react/usePageContext';
import { useShell } from '../../lib/shell.js';
import type { Data } from './+data.js';

type SessionRow = Data['sessions'][number];

const SECTIONS = [
  { href: '/account/profile', title: 'Profile', text: 'Your name, company, phone, VAT number, addresses and e-mail preferences.' },
  { href: '/account/password', title: 'Password', text: 'Change the password you sign in with.' },
  { href: '/account/orders', title: 'Orders', text: 'Your orders, their delivery and their VAT invoices.' },
  { href: '/account/downloads', title: 'Downloads', text: 'The files of the digital products you have bought.' },
  { href: '/account/previews', title: 'Previews', text: 'The free previews you have requested.' },
  { href: '/account/training', title: 'Online training', text: 'Your online licences: invite learners and see who has completed.' },
] as const;

interface Outcome {
  kind: 'success' | 'error';
  text: string;
  /** Changes with every outcome, so that a repeated message restarts its notice. */
  at: number;
}

/** The account overview: where to go next, and every signed-in device with a way to sign it out. */
export default function Page() {
  const { sessions: initial, recentOrders, orderCount, emailVerified, providers } = useData<Data>();
  const { user } = useShell();
  const hydrated = useHydrated();
  const search = usePageContext().urlParsed.search;
  const [sessions, setSessions] = useState<SessionRow[]>(initial);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const show = (kind: Outcome['kind'], text: string) => setOutcome((last) => ({ kind, text, at: (last?.at ?? 0) + 1 }));

  async function revoke(session: SessionRow) {
    if (busyId !== null) return;
    setBusyId(session.id);
    try {
      await apiFetch(`/api/user/sessions/${session.id}`, { method: 'DELETE' });
      setSessions((rows) => rows.filter((row) => row.id !== session.id));
      show('success', `${describeUserAgent(session.user_agent)} has been signed out.`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) {
        // Already ended elsewhere (or expired): it is gone either way.
        setSessions((rows) => rows.filter((row) => row.id !== session.id));
        show('success', 'That session had already ended.');
      } else {
        show('error', formFailure(error).message);
      }
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="container account-page" data-page="account">
      <h1>Your account</h1>
      {user ? (
        <p className="account-page__lead" data-account-greeting="">
          Signed in as{' '}
          <strong>
            {user.first_name} {user.last_name}
          </strong>{' '}
          ({user.email}).
        </p>
      ) : null}
      <AccountNav />

      <EmailAddressStatus email={user?.email ?? ''} verified={emailVerified} hydrated={hydrated} />
      <ConnectedProviders
        providers={providers}
        hydrated={hydrated}
        connected={search.connected}
        error={search.oauth_error !== undefined ? oauthErrorMessage(search.oauth_error, providers.map((p) => p.name)) : null}
      />

      <section aria-labelledby="account-sections-heading">
        <h2 id="account-sections-heading" className="visually-hidden">
          Account sections
        </h2>
        <ul className="account-tiles">
          {SECTIONS.map((section) => (
            <li key={section.href} className="account-tile">
              <a className="account-tile__link" href={section.href} data-account-section={section.title}>
                <span className="account-tile__title">{section.title}</span>
                <span className="account-tile__text">{section.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="account-orders" aria-labelledby="recent-orders-heading" data-recent-orders="">
        <h2 id="recent-orders-heading">Recent orders</h2>
        {recentOrders.length === 0 ? (
          <p>
            No orders yet. When you buy, your orders and their VAT invoices appear here. <a href="/category">Browse the catalogue</a>.
          </p>
        ) : (
          <>
            <OrderList orders={recentOrders} caption="Your most recent orders" />
            {orderCount > recentOrders.length ? (
              <p>
                <a href="/account/orders">All {orderCount} orders</a>
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="sessions" aria-labelledby="sessions-heading" data-sessions="">
        <h2 id="sessions-heading">Where you are signed in</h2>
        <p>If you do not recognise a device, sign it out and change your password.</p>
        {outcome ? (
          <Notice key={outcome.at} kind={outcome.kind}>
            {outcome.text}
          </Notice>
        ) : null}
        {/* Focusable so that keyboard users can scroll it sideways on a narrow screen. */}
        <div className="table-wrap" role="region" aria-labelledby="sessions-heading" tabIndex={0}>
          <table className="table sessions__table">
            <caption className="visually-hidden">Your active sessions</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">IP address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last active</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => {
                const device = describeUserAgent(session.user_agent);
                return (
                  <tr key={session.id} data-session={session.id} data-current-session={session.current ? '' : undefined}>
                    <th scope="row">
                      {device}
                      {session.current ? <span className="badge">This device</span> : null}
                    </th>
                    <td>{session.ip ?? '—'}</td>
                    <td>{formatDateTime(session.created_at)}</td>
                    <td>{formatDateTime(session.last_used_at)}</td>
                    <td>{formatDateTime(session.expires_at)}</td>
                    <td>
                      {session.current ? (
                        <span className="sessions__current">Current session</span>
                      ) : (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          disabled={!hydrated || busyId !== null}
                          aria-busy={busyId === session.id || undefined}
                          onClick={() => void revoke(session)}
                          data-revoke-session={session.id}
                        >
                          Sign out<span className="visually-hidden"> {device}, signed in {formatDateTime(session.created_at)}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** ADR 0033: whether the address is proven, and the way to have the link sent again. */
function EmailAddressStatus({ email, verified, hydrated }: { email: string; verified: boolean; hydrated: boolean }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function resend() {
    setSending(true);
    try {
      const answer = await apiFetch<{ message?: string }>('/api/user/email-verification', { method: 'POST' });
      setOutcome((last) => ({ kind: 'success', text: answer?.message ?? 'We have e-mailed you a new link.', at: (last?.at ?? 0) + 1 }));
    } catch (error) {
      setOutcome((last) => ({ kind: 'error', text: formFailure(error).message, at: (last?.at ?? 0) + 1 }));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="account-email" aria-labelledby="account-email-heading" data-email-verification={verified ? 'verified' : 'unverified'}>
      <h2 id="account-email-heading">E-mail address</h2>
      {verified ? (
        <p>
          {email} <span className="badge">Verified</span>
        </p>
      ) : (
        <>
          <p>
            {email} — <strong>Not verified yet.</strong> Open the link we e-mailed you to confirm it is yours (it works for 48 hours).
          </p>
          {outcome ? (
            <Notice key={outcome.at} kind={outcome.kind} autoHideMs={false}>
              {outcome.text}
            </Notice>
          ) : null}
          <p>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={!hydrated || sending}
              aria-busy={sending || undefined}
              onClick={() => void resend()}
              data-resend-verification=""
            >
              Resend the link
            </button>
          </p>
        </>
      )}
    </section>
  );
}

/** "Connect {Provider}": starts the provider's flow bound to this session; coming back links it to this account. */
function ConnectedProviders(props: { providers: Data['providers']; hydrated: boolean; connected: string | undefined; error: string | null }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (props.providers.length === 0) return null;
  const connectedName = props.providers.find((p) => p.id === props.connected && p.connected)?.name;

  async function connect(providerId: string) {
    setBusy(true);
    setFailure(null);
    try {
      await startOAuth(providerId, { link: true });
    } catch (error) {
      setFailure(formFailure(error).message);
      setBusy(false);
    }
  }

  return (
    <section className="account-providers" aria-labelledby="account-providers-heading" data-connected-providers="">
      <h2 id="account-providers-heading">Sign-in providers</h2>
      {connectedName ? <Notice kind="success">{`${connectedName} is now connected: you can sign in with it.`}</Notice> : null}
      {props.error ? <Notice kind="error">{props.error}</Notice> : null}
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <ul className="oauth__list account-providers__list">
        {props.providers.map((provider) => (
          <li key={provider.id} data-provider={provider.id}>
            {provider.connected ? (
              <span>
                {provider.name} <span className="badge">Connected</span>
              </span>
            ) : (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={!props.hydrated || busy}
                onClick={() => void connect(provider.id)}
                data-connect-provider={provider.id}
              >
                {`Connect ${provider.name}`}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

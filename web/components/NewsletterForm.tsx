import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiFetch } from '../lib/api.js';
// Straight from vike-react, as FormControls re-exports it: importing FormControls put its form fields (3 kB) into
// every storefront page's first script for this one hook (ADR 0064).
import { useHydrated } from 'vike-react/useHydrated';

export const NEWSLETTER_SUCCESS = 'Thank you, you have been subscribed';
export const NEWSLETTER_FAILURE = 'Invalid Email Address';
/** Seed §9: delay before the email and the success message are cleared. */
export const NEWSLETTER_RESET_MS = 2000;

/**
 * Seed §4/§5/§8 newsletter box: nothing is sent for an empty email; otherwise `POST /api/newsletter
 * {email}`. Any failure shows "Invalid Email Address"; success shows the thank-you message, and after
 * 2000 ms the email and the message are cleared. Both flags reset at each attempt. No client-side format
 * check (`noValidate`).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [success, setSuccess] = useState(false);
  const [failure, setFailure] = useState(false);
  const [sending, setSending] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const headingId = useId();
  const hydrated = useHydrated();
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The footer hydrates after the rest of the page (ADR 0064), so a visitor may type an address before React takes
    // the form over. Hydration leaves the typed text in the field but not in state, and a submit would then see an
    // empty address and send nothing: take over what the field holds.
    const typed = emailInput.current?.value ?? '';
    if (typed !== '') setEmail(typed);
    const timer = resetTimer;
    return () => clearTimeout(timer.current);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(false);
    setFailure(false);
    clearTimeout(resetTimer.current);
    if (email === '') return;
    setSending(true);
    try {
      await apiFetch('/api/newsletter', { method: 'POST', body: { email } });
      setSuccess(true);
      resetTimer.current = setTimeout(() => {
        setEmail('');
        setSuccess(false);
      }, NEWSLETTER_RESET_MS);
    } catch {
      setFailure(true);
    } finally {
      setSending(false);
    }
  }

  const message = success ? NEWSLETTER_SUCCESS : failure ? NEWSLETTER_FAILURE : '';

  return (
    <section className="newsletter" aria-labelledby={headingId} data-newsletter="">
      <h2 id={headingId} className="footer__heading">
        Newsletter
      </h2>
      <p className="newsletter__intro">New videos, posters and courses, straight to your inbox.</p>
      {/*
        Before the page's script runs (or without it) the form must not submit itself: a GET would put the address in
        the URL (issue 28). So it is a POST, and its only submit button is disabled until hydrated, which stops Enter
        too (HTML's implicit submission clicks the default button, and a disabled one does nothing; ADR 0043).
      */}
      <form className="newsletter__form" method="post" noValidate onSubmit={onSubmit} data-form="newsletter">
        <label htmlFor={inputId} className="newsletter__label">
          Email address
        </label>
        <div className="newsletter__row">
          <input
            ref={emailInput}
            id={inputId}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@company.co.uk"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={!hydrated || sending} data-submit="">
            Subscribe
          </button>
        </div>
        <noscript>
          <p className="newsletter__message">Please turn on JavaScript in your browser to subscribe.</p>
        </noscript>
        <p
          className={`newsletter__message${success ? ' is-success' : ''}${failure ? ' is-error' : ''}`}
          aria-live="polite"
          data-newsletter-message={success ? 'success' : failure ? 'error' : ''}
        >
          {message}
        </p>
      </form>
    </section>
  );
}

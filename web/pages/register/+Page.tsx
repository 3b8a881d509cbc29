import { useState, type FormEvent } from 'react';
import { navigate } from 'vike/client/router';
import { CheckboxField, ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange, NewPasswordFields } from '../../components/FormControls.js';
import { apiFetch } from '../../lib/api.js';
import { LEAVING, useApiForm } from '../../lib/use-api-form.js';

const FIELD_IDS = {
  first_name: 'register-first-name',
  last_name: 'register-last-name',
  company_name: 'register-company-name',
  email: 'register-email',
  password: 'register-password',
  password_confirmation: 'register-password-confirmation',
  remember: 'register-remember',
};
const FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  email: 'E-mail address',
  password: 'Password',
  password_confirmation: 'Confirm password',
  remember: 'Remember me',
};

/**
 * Sign-up (docs/api/identity.md): `POST /api/register`; 201 signs the visitor in (the session cookie comes
 * with the answer) and goes to /account. 422 → the reasons next to the fields (e.g. an e-mail already used).
 */
export default function Page() {
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [remember, setRemember] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(async () => {
      const company = companyName.trim();
      await apiFetch('/api/register', {
        method: 'POST',
        body: {
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          ...(company ? { company_name: company } : {}),
          email: email.trim(),
          password,
          password_confirmation: confirmation,
          remember,
        },
      });
      await navigate('/account');
      return LEAVING;
    });
  }

  return (
    <div className="container auth-page" data-page="register">
      <h1>Create an account</h1>
      <div className="auth-page__grid">
        <section className="auth-card" aria-labelledby="register-heading">
          <h2 id="register-heading" className="auth-card__title">
            Your details
          </h2>
          <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
          <NeedsJavaScript />
          <form className="form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="register-heading" data-form="register">
            <div className="form__row">
              <TextField
                id={FIELD_IDS.first_name}
                name="first_name"
                label={FIELD_LABELS.first_name}
                autoComplete="given-name"
                value={firstName}
                onChange={setFirstName}
                errors={form.errorsFor('first_name')}
                maxLength={100}
                required
              />
              <TextField
                id={FIELD_IDS.last_name}
                name="last_name"
                label={FIELD_LABELS.last_name}
                autoComplete="family-name"
                value={lastName}
                onChange={setLastName}
                errors={form.errorsFor('last_name')}
                maxLength={100}
                required
              />
            </div>
            <TextField
              id={FIELD_IDS.company_name}
              name="company_name"
              label={FIELD_LABELS.company_name}
              optional
              autoComplete="organization"
              value={companyName}
              onChange={setCompanyName}
              errors={form.errorsFor('company_name')}
              maxLength={200}
            />
            <TextField
              id={FIELD_IDS.email}
              name="email"
              label={FIELD_LABELS.email}
              type="email"
              autoComplete="email"
              spellCheck={false}
              autoCapitalize="none"
              value={email}
              onChange={setEmail}
              errors={form.errorsFor('email')}
              hint="We will send your order confirmations and invoices here."
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
              hint="8 to 128 characters. A phrase of a few unrelated words is easy to remember and hard to guess."
            />
            <CheckboxField
              id={FIELD_IDS.remember}
              name="remember"
              label={FIELD_LABELS.remember}
              checked={remember}
              onChange={setRemember}
              errors={form.errorsFor('remember')}
              hint="Stay signed in on this device for a year. Do not tick this on a shared computer."
            />
            <div className="form__actions">
              <SubmitButton sending={form.sending}>Create account</SubmitButton>
            </div>
          </form>
        </section>
        <section className="auth-card auth-card--aside" aria-labelledby="register-existing-heading">
          <h2 id="register-existing-heading" className="auth-card__title">
            Already have an account?
          </h2>
          <p>
            <a href="/login" data-login-link="">
              Sign in
            </a>{' '}
            to see your orders, downloads and previews.
          </p>
        </section>
      </div>
    </div>
  );
}

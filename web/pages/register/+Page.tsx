import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldForm, newPasswordFields, REMEMBER_ME, useFieldForm } from '../../components/FieldForm.js';
import type { FieldSpec } from '../../components/forms/form-values.js';
import { apiFetch } from '../../lib/api.js';
import { safeRedirectPath, withReturn } from '../../lib/redirect.js';
import { LEAVING } from '../../lib/use-api-form.js';

const FIELDS: FieldSpec[] = [
  { name: 'first_name', label: 'First name', required: true, maxLength: 100, autoComplete: 'given-name', row: 'name' },
  { name: 'last_name', label: 'Last name', required: true, maxLength: 100, autoComplete: 'family-name', row: 'name' },
  { name: 'company_name', label: 'Company name', maxLength: 200, autoComplete: 'organization' },
  {
    name: 'email',
    label: 'E-mail address',
    kind: 'email',
    required: true,
    autoComplete: 'email',
    hint: 'We will send your order confirmations and invoices here.',
  },
  ...newPasswordFields(
    { password: 'Password', confirmation: 'Confirm password' },
    '8 to 128 characters. A phrase of a few unrelated words is easy to remember and hard to guess.',
  ),
  REMEMBER_ME,
];

/**
 * Sign-up (docs/api/identity.md): `POST /api/register`; 201 signs the visitor in (the session cookie comes
 * with the answer) and goes to the same-site `?redirect=` path it was given ("Sign in and checkout" → the
 * checkout; ADR 0043), else /account. 422 → the reasons next to the fields (e.g. an e-mail already used).
 */
export default function Page() {
  const state = useFieldForm(FIELDS);
  const returnTo = safeRedirectPath(usePageContext().urlParsed.search.redirect);

  async function register(): Promise<typeof LEAVING> {
    await apiFetch('/api/register', { method: 'POST', body: state.body() });
    await navigate(returnTo ?? '/account');
    return LEAVING;
  }

  return (
    <div className="container auth-page" data-page="register">
      <h1>Create an account</h1>
      <div className="auth-page__grid">
        <section className="auth-card" aria-labelledby="register-heading">
          <h2 id="register-heading" className="auth-card__title">
            Your details
          </h2>
          <FieldForm
            state={state}
            idPrefix="register"
            onSubmit={register}
            submit="Create account"
            attributes={{ 'aria-labelledby': 'register-heading', 'data-form': 'register' }}
          />
        </section>
        <section className="auth-card auth-card--aside" aria-labelledby="register-existing-heading">
          <h2 id="register-existing-heading" className="auth-card__title">
            Already have an account?
          </h2>
          <p>
            <a href={withReturn('/login', returnTo)} data-login-link="">
              Sign in
            </a>{' '}
            to see your orders, downloads and previews.
          </p>
        </section>
      </div>
    </div>
  );
}

import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** Server-only: the fields the profile form edits (never more than the form shows). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const user = await pageContext.services.account.getProfile(viewer.userId);
  return {
    profile: {
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      company_name: user.company_name,
      job_title: user.job_title,
      phone: user.phone,
      vat_number: user.vat_number,
      billing_address: user.billing_address,
      delivery_address: user.delivery_address,
      marketing_consent: user.marketing_consent,
      has_password: user.has_password,
    },
  };
}

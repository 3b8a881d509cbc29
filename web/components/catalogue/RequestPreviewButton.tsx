import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { CustomerPreviewView } from '../../../src/modules/catalogue/index.js';
import { apiFetch } from '../../lib/api.js';
import { formFailure } from '../../lib/form-errors.js';
import { loginUrlFor } from '../../lib/redirect.js';
// Straight from vike-react: FormControls would bring its whole chunk onto the product page for this one hook.
import { useHydrated } from 'vike-react/useHydrated';

/** What to tell the customer about the preview the server answered with (a repeat request answers the same one). */
function headline(preview: CustomerPreviewView): string {
  if (preview.state === 'pending') return 'Preview requested (awaiting approval)';
  if (preview.state === 'revoked') return 'This preview has been withdrawn';
  if (preview.state === 'expired') return 'Your preview has expired';
  return 'Preview requested';
}

/**
 * "Request preview" on a product page (product.md: a signed-in customer may request a free preview of a
 * product with a preview video). Anonymous visitors get a sign-in link that brings them back here.
 */
export function RequestPreviewButton({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const { urlPathname } = usePageContext();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<CustomerPreviewView | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <p data-request-preview="signed-out">
        <a className="button" href={loginUrlFor(urlPathname)}>
          Sign in to request a preview
        </a>
      </p>
    );
  }

  if (preview) {
    return (
      <p role="status" data-request-preview="done" data-preview-state={preview.state}>
        {headline(preview)} — <a href="/account/previews">see your previews</a>.
        {preview.watch_url ? (
          <>
            {' '}
            <a href={preview.watch_url}>Watch it now</a>.
          </>
        ) : null}
      </p>
    );
  }

  async function request() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setPreview(await apiFetch<CustomerPreviewView>('/api/previews', { method: 'POST', body: { product_id: productId } }));
    } catch (failure) {
      const { message, errors } = formFailure(failure);
      setError(errors.product_id?.[0] ?? message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-request-preview="ready">
      <button type="button" className="button" disabled={!hydrated || busy} aria-busy={busy || undefined} onClick={() => void request()}>
        {busy ? 'Requesting…' : 'Request preview'}
      </button>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

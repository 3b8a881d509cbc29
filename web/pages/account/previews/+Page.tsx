import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../components/AccountNav.js';
import { formatDateTime } from '../../../lib/format.js';
import type { Data } from './+data.js';
import { PreviewState } from './PreviewState.js';

type Preview = Data['previews'][number];

/** What the customer can do with a preview now: watch it, wait, or ask again from the product page. */
function NextStep({ preview }: { preview: Preview }) {
  if (preview.watch_url) {
    return (
      <a className="button button--small" href={preview.watch_url} data-watch-preview={preview.id}>
        Watch<span className="visually-hidden"> the preview of {preview.product.title}</span>
      </a>
    );
  }
  if (preview.state === 'pending') return <span>We will let you watch it once it is approved.</span>;
  if (preview.state === 'expired' && preview.product.slug) {
    return <a href={`/products/${preview.product.slug}`}>Request it again</a>;
  }
  return <span>No longer available.</span>;
}

/** `/account/previews`: the free previews the customer has requested, with their state and a watch link. */
export default function Page() {
  const { previews } = useData<Data>();
  return (
    <div className="container account-page" data-page="account-previews">
      <h1>Your previews</h1>
      <AccountNav />
      <p>
        A preview lets you watch a product&apos;s preview video free for 7 days from approval. Request one from the
        product&apos;s page.
      </p>
      {previews.length === 0 ? (
        <p data-previews-empty="">
          You have not requested any previews yet. <a href="/category">Browse the catalogue</a> to find one.
        </p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby="previews-caption" tabIndex={0}>
          <table className="table" data-previews="">
            <caption id="previews-caption" className="visually-hidden">
              Your previews
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">State</th>
                <th scope="col">Requested</th>
                <th scope="col">Available until</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {previews.map((preview) => (
                <tr key={preview.id} data-preview={preview.id}>
                  <th scope="row">
                    {preview.product.slug ? <a href={`/products/${preview.product.slug}`}>{preview.product.title}</a> : preview.product.title}
                  </th>
                  <td>
                    <PreviewState state={preview.state} />
                  </td>
                  <td>{formatDateTime(preview.requested_at)}</td>
                  <td>{preview.state === 'active' || preview.state === 'expired' ? formatDateTime(preview.expires_at) : '—'}</td>
                  <td>
                    <NextStep preview={preview} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

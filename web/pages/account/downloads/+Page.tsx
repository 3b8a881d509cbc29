import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AccountNav } from '../../../components/AccountNav.js';
import { Notice } from '../../../components/Notice.js';
import { describeFileType, formatDateTime, formatFileSize } from '../../../lib/format.js';
import type { Data } from './+data.js';
import './downloads.css';

/**
 * `/account/downloads`: every file of every paid download option, with its size and type. Each link is signed
 * for this customer and valid for a short time, so the page tells them to reload it for fresh ones.
 */
export default function Page() {
  const { downloads } = useData<Data>();
  const expires = downloads[0]?.expires_at;
  return (
    <div className="container account-page" data-page="account-downloads">
      <h1>Your downloads</h1>
      <AccountNav />
      <StaleLinkNotice downloads={downloads} />
      {downloads.length === 0 ? (
        <p data-downloads-empty="">
          Files of the digital products you buy appear here as soon as the order is paid. <a href="/category">Browse the catalogue</a>.
        </p>
      ) : (
        <>
          <p className="account-page__lead">
            {downloads.length === 1 ? 'One file' : `${downloads.length} files`} from your paid orders. For your security each download link works
            only for you{expires ? `, until ${formatDateTime(expires)}` : ''}; reload this page for fresh links. Large videos resume if the connection
            drops.
          </p>
          <div className="table-wrap" role="region" aria-labelledby="downloads-caption" tabIndex={0}>
            <table className="table table--cards" data-downloads="">
              <caption id="downloads-caption" className="visually-hidden">
                Your downloads
              </caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">File</th>
                  <th scope="col">Type</th>
                  <th scope="col">Size</th>
                  <th scope="col">Order</th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {downloads.map((download) => (
                  <tr key={download.id} data-download={download.id}>
                    <th scope="row">
                      {download.product_title}
                      <span className="downloads__option">{download.option_name}</span>
                    </th>
                    <td data-label="File" data-download-file="">{download.file_name}</td>
                    <td data-label="Type">{describeFileType(download.content_type)}</td>
                    <td data-label="Size" data-download-size={download.size}>{formatFileSize(download.size)}</td>
                    <td data-label="Order">
                      <a href={`/account/orders/${download.order_id}`}>{download.order_number}</a>
                    </td>
                    <td>
                      <a className="button button--small" href={download.url} download={download.file_name} data-download-link={download.id}>
                        Download<span className="visually-hidden"> {download.file_name}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Where a download link opened in the browser lands when it has expired or was edited
 * (`?link=expired|invalid&download={id}`, from GET /api/downloads/{id}): what happened, a fresh link for that
 * file when it is still one of the customer's, and its order.
 */
function StaleLinkNotice({ downloads }: { downloads: Data['downloads'] }) {
  const search = usePageContext().urlParsed.search;
  if (search.link !== 'expired' && search.link !== 'invalid') return null;
  const download = downloads.find((item) => String(item.id) === search.download);
  return (
    <Notice kind="error" className="downloads__stale">
      <span data-stale-link={search.link}>
        {search.link === 'expired' ? 'That download link has expired: links work for a short time only.' : 'That download link is not valid for you.'}{' '}
        {download ? (
          <>
            <a href={download.url} download={download.file_name} data-fresh-link="">
              Get a fresh link to {download.file_name}
            </a>{' '}
            (order{' '}
            <a className="product-code" href={`/account/orders/${download.order_id}`}>
              {download.order_number}
            </a>
            ).
          </>
        ) : (
          <>
            Get a fresh link from the list below, or see <a href="/account/orders">your orders</a>.
          </>
        )}
      </span>
    </Notice>
  );
}

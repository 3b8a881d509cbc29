import { useData } from 'vike-react/useData';
import { AccountNav } from '../../../../components/AccountNav.js';
import { formatDateTime } from '../../../../lib/format.js';
import { PreviewState } from '../PreviewState.js';
import type { Data } from './+data.js';

type Preview = Data['preview'];

/** Why there is nothing to watch, in the customer's terms. */
function Unavailable({ preview }: { preview: Preview }) {
  const productLink = preview.product.slug ? <a href={`/products/${preview.product.slug}`}>the product&apos;s page</a> : 'the product\u2019s page';
  const text = {
    pending: <>Your preview is waiting for approval. Once it is approved you can watch it here for 7 days.</>,
    expired: <>This preview expired on {formatDateTime(preview.expires_at)}. You can request it again from {productLink}.</>,
    revoked: <>This preview has been withdrawn. Please <a href="/contact">contact us</a> if you think this is a mistake.</>,
    active: <>This preview is no longer available: the product or its video has been taken down.</>,
  }[preview.state];
  return (
    <p className="notice" data-preview-unavailable={preview.state}>
      {text}
    </p>
  );
}

function Player({ video }: { video: NonNullable<Preview['video']> }) {
  const { player } = video;
  if (player.kind === 'embed') {
    return (
      <div className="preview-player">
        <iframe
          src={player.src}
          title={video.title}
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-preview-embed=""
        />
      </div>
    );
  }
  if (player.kind === 'file') {
    return (
      <div className="preview-player">
        <video src={player.src} controls preload="metadata" controlsList="nodownload" data-preview-video="" />
      </div>
    );
  }
  return (
    <p>
      <a className="button" href={player.src} target="_blank" rel="noopener noreferrer" data-preview-link="">
        Watch {video.title} (opens in a new tab)
      </a>
    </p>
  );
}

/** `/account/previews/{id}`: the preview video for its owner while the preview lasts; a clear message otherwise. */
export default function Page() {
  const { preview } = useData<Data>();
  return (
    <div className="container account-page" data-page="account-preview">
      <h1>Preview: {preview.product.title}</h1>
      <AccountNav />
      <p>
        <PreviewState state={preview.state} />
        {preview.state === 'active' && preview.expires_at ? <> Available until {formatDateTime(preview.expires_at)}.</> : null}
      </p>
      {preview.video ? <Player video={preview.video} /> : <Unavailable preview={preview} />}
      <p>
        <a href="/account/previews">All your previews</a>
      </p>
    </div>
  );
}

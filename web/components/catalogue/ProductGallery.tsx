import { useState, type MouseEvent } from 'react';
import type { ImageView } from '../../../src/modules/catalogue/index.js';
import './ProductGallery.css';

/** Used when an image's size is unknown: a 4:3 box, so the page does not jump when it loads. */
const FALLBACK = { width: 800, height: 600 } as const;

/**
 * A product's images: the chosen one large (the first, loaded at once — it is the page's largest paint),
 * the others as lazy thumbnails. Each thumbnail links to its image, so it works without JavaScript; once
 * hydrated, it shows that image in place instead.
 */
export function ProductGallery({ images, title }: { images: readonly ImageView[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  if (!main) {
    return (
      <div className="gallery gallery--empty" data-gallery="">
        <span className="gallery__placeholder">No image yet</span>
      </div>
    );
  }
  const choose = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setSelected(index);
  };
  return (
    <div className="gallery" data-gallery="">
      <div className="gallery__main">
        <img
          className="gallery__image"
          src={main.url}
          alt={main.alt || title}
          width={main.width ?? FALLBACK.width}
          height={main.height ?? FALLBACK.height}
          loading="eager"
          fetchPriority={selected === 0 ? 'high' : 'auto'}
          data-gallery-main=""
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="More images">
          {images.map((image, index) => (
            <li key={image.url}>
              <a
                className="gallery__thumb"
                href={image.url}
                // An image, not a page: the client router must leave this link to the click handler (or the browser).
                data-vike="false"
                onClick={choose(index)}
                aria-current={index === selected ? 'true' : undefined}
                aria-label={`Show image ${index + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
                data-gallery-thumb={index}
              >
                <img src={image.url} alt="" width={image.width ?? FALLBACK.width} height={image.height ?? FALLBACK.height} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

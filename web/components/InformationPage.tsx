import { useData } from 'vike-react/useData';
import type { InformationPageData } from '../lib/information-pages.js';
import { WidgetBlock } from './WidgetBlock.js';
import './InformationPage.css';

/**
 * An information or legal page (`/about`, `/terms`, …): a heading and the page's widgets. While staff have
 * not written the main widget yet, a short neutral note stands in for it.
 */
export function InformationPage() {
  const { heading, mainName, main, aside } = useData<InformationPageData>();
  return (
    <div className={`container info-page${aside ? ' info-page--with-aside' : ''}`} data-information-page={mainName}>
      <h1 className="info-page__title">{heading}</h1>
      <div className="info-page__body">
        {main ? (
          <WidgetBlock block={main} className="info-page__main" />
        ) : (
          <p className="info-page__pending" data-widget-missing={mainName}>
            This page is being written. Please check back soon.
          </p>
        )}
        {aside && (
          <aside className="info-page__aside" aria-label={`${heading}: more information`}>
            <WidgetBlock block={aside} />
          </aside>
        )}
      </div>
    </div>
  );
}

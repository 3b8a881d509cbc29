import { useData } from 'vike-react/useData';
import { WidgetBlock } from '../../components/WidgetBlock.js';
import { useShell } from '../../lib/shell.js';
import { CATEGORY_TILES } from '../../lib/site-links.js';
import type { Data } from './+data.js';

export default function Page() {
  const { intro, benefits, accreditation } = useData<Data>();
  const { appName } = useShell();
  return (
    <div className="container home">
      <h1 className="home__title">Health &amp; Safety Training Videos, Courses and Posters</h1>
      <p className="home__lead">
        {appName} supplies training material that helps UK businesses keep their people safe and meet their duties.
      </p>
      <WidgetBlock block={intro} className="home__intro" />
      <section className="tiles" aria-labelledby="home-categories-heading">
        <h2 id="home-categories-heading">Shop by category</h2>
        <ul className="tiles__list">
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.href} className="tile">
              <a className="tile__link" href={tile.href} data-category-tile={tile.href}>
                <span className="tile__title">{tile.label}</span>
                <span className="tile__blurb">{tile.blurb}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <WidgetBlock block={benefits} className="home__benefits" />
      <WidgetBlock block={accreditation} className="home__accreditation" />
    </div>
  );
}

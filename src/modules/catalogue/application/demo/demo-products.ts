import type { OptionKind } from '../../domain/product-option.entity.js';
import { PRODUCT_LIMITS } from '../../domain/product.entity.js';
import { slugify } from '../../../../shared/slugify.js';
import { type ArtworkSubject, coverSvg, pointsSvg, stillSvg } from './demo-artwork.js';
import { DEMO_BRANDS, DEMO_LINES, type DemoFamily, type DemoLine } from './demo-catalogue.data.js';
import { descriptionOf, downloadFileOf, summaryOf } from './demo-texts.js';
import { DEMO_TOPICS } from './demo-topics.js';
import { type SeededRandom, seededRandom } from './seeded-random.js';

/** Everything the seeder writes for one demo product, derived from its line. Deterministic. */
export interface DemoProduct {
  slug: string;
  title: string;
  code: string;
  summary: string;
  /** Raw HTML; the seeder sanitises it like any staff-written description. */
  description: string;
  brand: string;
  categories: string[];
  status: 'draft' | 'published';
  featured: boolean;
  runningTime: number | null;
  year: number;
  language: 'English';
  accreditation: string | null;
  options: DemoOption[];
  images: Array<{ alt: string; svg: string }>;
  video: { title: string; url: string } | null;
  file: { name: string; contentType: string; extension: string; bytes: Buffer } | null;
}

export interface DemoOption {
  name: string;
  code: string;
  price: number;
  weight: number;
  qty: number | null;
  kind: OptionKind;
  /** Learners per unit bought (online_access only). */
  seats: number | null;
  active: boolean;
  /** Unlocks the product's file (download options). */
  unlocksFile: boolean;
}

interface FamilyStyle {
  prefix: string;
  categories: (line: DemoLine) => string[];
  format: (line: DemoLine) => string;
}

const FAMILIES: Record<DemoFamily, FamilyStyle> = {
  video: { prefix: 'DVD', categories: (l) => (l.dvdOnly ? ['training-dvds'] : ['training-dvds', 'online-training']), format: (l) => (l.dvdOnly ? 'Training DVD' : 'Training DVD · Online') },
  elearning: { prefix: 'ELN', categories: () => ['online-training'], format: () => 'Online course' },
  poster: { prefix: 'PST', categories: () => ['posters'], format: () => 'A2 poster · A3 laminated' },
  powerpoint: { prefix: 'PPT', categories: () => ['powerpoint'], format: () => 'PowerPoint pack' },
  risk: { prefix: 'RAT', categories: () => ['risk-assessments'], format: () => 'Risk assessment template' },
  course: { prefix: 'CRS', categories: () => ['training-courses'], format: () => 'Training course' },
};

/** The cover colour of each category (a product takes its first category's). */
export const CATEGORY_COLOURS: Readonly<Record<string, string>> = {
  'training-dvds': '#1d4e89',
  'online-training': '#0f7b6c',
  posters: '#b03a2e',
  powerpoint: '#b9520f',
  'risk-assessments': '#5b2c83',
  'training-courses': '#1e7b48',
};


function optionsOf(line: DemoLine, code: string, random: SeededRandom): DemoOption[] {
  const option = (suffix: string, name: string, kind: OptionKind, price: number, fields: Partial<DemoOption> = {}): DemoOption => ({
    name, code: `${code}-${suffix}`, kind, price, weight: 0, qty: null, seats: null, active: true, unlocksFile: false, ...fields,
  });
  switch (line.family) {
    case 'video': {
      const options = [option('DVD', 'DVD', 'physical', random.pick([17500, 19500, 22500, 24900]), {
        weight: random.pick([160, 180, 220]), qty: line.stock ?? random.int(8, 60),
      })];
      if (!line.dvdOnly) {
        options.push(option('OL1', 'Online licence — 1 user', 'online_access', random.pick([2500, 2950, 3500, 3950]), { seats: 1 }));
        options.push(option('OL10', 'Online licence — 10 users', 'online_access', random.pick([19500, 22500, 24900]), { seats: 10 }));
      }
      if (line.withdrawnOption) options.push(option('OL25', 'Online licence — 25 users (withdrawn)', 'online_access', 39500, { seats: 25, active: false }));
      return options;
    }
    case 'elearning':
      return [
        option('L1', 'Online course — 1 learner', 'online_access', random.pick([1995, 2500, 2950, 3500]), { seats: 1 }),
        option('L10', 'Online course — 10 learners', 'online_access', random.pick([14900, 17500, 19500]), { seats: 10 }),
        option('L50', 'Online course — 50 learners', 'online_access', random.pick([49500, 59500, 65000]), { seats: 50 }),
      ];
    case 'poster':
      return [
        option('A2', 'A2 poster', 'physical', random.pick([995, 1250, 1495]), { weight: 120, qty: line.stock ?? random.int(40, 300) }),
        option('A3L', 'A3 laminated poster', 'physical', random.pick([795, 895, 995]), { weight: 90, qty: random.int(20, 150) }),
      ];
    case 'powerpoint':
      return [option('PPT', 'PowerPoint pack (download)', 'download', random.pick([3900, 4900, 5900, 7500]), { unlocksFile: true })];
    case 'risk':
      return [option('PDF', 'Risk assessment template (PDF download)', 'download', random.pick([1500, 1995, 2500, 2995]), { unlocksFile: true })];
    case 'course': {
      const halfDay = (line.minutes ?? 0) <= 240;
      return [
        option('OPEN', 'Open course — 1 place', 'course', random.pick(halfDay ? [9500, 12500, 14900] : [14900, 19500, 24500]), {
          qty: line.stock ?? random.int(6, 16),
        }),
        option('INH', 'In-house course — up to 12 delegates', 'course', random.pick(halfDay ? [69500, 79500] : [89500, 119500]), {
          qty: random.int(3, 6),
        }),
      ];
    }
  }
}

function imagesOf(line: DemoLine, subject: ArtworkSubject): DemoProduct['images'] {
  const topic = DEMO_TOPICS[line.topic];
  const cover = { alt: `${line.title}: ${subject.format.toLowerCase()} cover`, svg: coverSvg(subject) };
  const points = (heading: string) => ({ alt: `${line.title}: ${heading.toLowerCase()}`, svg: pointsSvg(subject, heading, topic.points) });
  switch (line.family) {
    case 'video':
      return [cover, points('What the film covers'), { alt: `${line.title}: a still from the film`, svg: stillSvg(subject, `Preview · ${line.minutes} minutes · ${line.year}`) }];
    case 'elearning':
      return [cover, points('What the course covers')];
    case 'poster':
      return [cover, { alt: `${line.title} on a workplace noticeboard`, svg: stillSvg(subject, 'Also available laminated, A3') }];
    case 'powerpoint':
      return [cover, points('Slides in this pack')];
    case 'risk':
      return [cover];
    case 'course':
      return [cover, points('Course content')];
  }
}

const VIDEO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function buildDemoProduct(line: DemoLine, index: number): DemoProduct {
  const topic = DEMO_TOPICS[line.topic];
  const family = FAMILIES[line.family];
  const code = `${family.prefix}-${topic.code}${String(index + 1).padStart(3, '0')}`;
  const random = seededRandom(code);
  const slug = slugify(line.title, PRODUCT_LIMITS.slug);
  const categories = family.categories(line);
  const brand = DEMO_BRANDS[line.brand]!.name;
  const subject: ArtworkSubject = { title: line.title, format: family.format(line), brand, colour: CATEGORY_COLOURS[categories[0]!]!, pictogram: topic.pictogram };
  const videoId = Array.from({ length: 11 }, () => random.pick([...VIDEO_ID_ALPHABET])).join('');
  return {
    slug,
    title: line.title,
    code,
    summary: summaryOf(line, topic),
    description: descriptionOf(line, topic),
    brand,
    categories,
    status: line.draft ? 'draft' : 'published',
    featured: line.featured ?? false,
    runningTime: line.minutes ?? null,
    year: line.year,
    language: 'English',
    accreditation: line.accreditation ?? null,
    options: optionsOf(line, code, random),
    images: imagesOf(line, subject),
    video: line.preview ? { title: `${line.title} — preview`, url: `https://www.youtube-nocookie.com/embed/${videoId}` } : null,
    file: downloadFileOf(line, topic, slug),
  };
}

/** The whole demo catalogue, in DEMO_LINES order. */
export function buildDemoProducts(): DemoProduct[] {
  return DEMO_LINES.map((line, index) => buildDemoProduct(line, index));
}

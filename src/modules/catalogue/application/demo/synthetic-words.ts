import { CATEGORY_LIMITS } from '../../domain/category.entity.js';
import { slugify } from '../../../../shared/slugify.js';
import { DEMO_BRANDS } from './demo-catalogue.data.js';

/**
 * The vocabulary of the synthetic benchmark catalogue (`shop catalogue:generate`). Titles are
 * "<subject> <format>[ <modifier>]", so with 30 subjects a search for "manual handling" matches about one
 * product in 30 and "fire" about one in ten (three fire subjects), as in a real health-and-safety shop.
 *
 * The benchmark's no-match term, NO_MATCH_TERM, must appear in none of these words (checked by a test).
 */
export const NO_MATCH_TERM = 'zyzzyva';

export const SYNTHETIC_SUBJECTS = [
  'Manual Handling', 'Fire Safety', 'Fire Marshal', 'Fire Extinguisher', 'COSHH', 'Working at Height',
  'Ladder Safety', 'Asbestos Awareness', 'Slips, Trips and Falls', 'Display Screen Equipment', 'First Aid',
  'Legionella', 'Abrasive Wheels', 'Noise at Work', 'PPE', 'Lone Working', 'Work-Related Stress', 'Food Hygiene',
  'CDM 2015', 'Risk Assessment', 'Hand-Arm Vibration', 'Forklift Truck Safety', 'Electrical Safety', 'RIDDOR',
  'Health and Safety Induction', 'Confined Spaces', 'Scaffold Safety', 'Mental Health Awareness', 'Driving at Work',
  'Safety Signs',
] as const;

/** The six families, in the order of the six standard categories (see SYNTHETIC_FAMILY_CATEGORIES). */
export const SYNTHETIC_FORMATS: readonly (readonly [string, string, string])[] = [
  ['Training DVD', 'Training Video', 'Refresher DVD'],
  ['Online Course', 'E-Learning Module', 'Refresher Online Course'],
  ['Poster', 'Wall Chart', 'Safety Sign'],
  ['PowerPoint Pack', 'Toolbox Talk Slides', 'Presentation Pack'],
  ['Risk Assessment Template', 'Checklist', 'Method Statement'],
  ['Training Course', 'Workshop', 'Train the Trainer Course'],
];

export const SYNTHETIC_FAMILY_CATEGORIES = ['training-dvds', 'online-training', 'posters', 'powerpoint', 'risk-assessments', 'training-courses'] as const;

/** The kind of a product's first option, by family; its other options are of any kind. */
export const SYNTHETIC_FAMILY_KINDS = ['physical', 'online_access', 'physical', 'download', 'download', 'course'] as const;
export const SYNTHETIC_KINDS = ['physical', 'online_access', 'download', 'course'] as const;

/** Option names by kind (rows, in SYNTHETIC_KINDS order) and position (columns). */
export const SYNTHETIC_OPTION_NAMES: readonly (readonly [string, string, string])[] = [
  ['DVD', 'Printed copy', 'Boxed set'],
  ['Online licence — 1 user', 'Online licence — 10 users', 'Online licence — 50 users'],
  ['Download', 'Download — site licence', 'Download — multi-site licence'],
  ['Course place', 'In-house course', 'Virtual classroom place'],
];

/** Half are empty: most titles have no modifier. */
export const SYNTHETIC_MODIFIERS = [
  '', '', '', '', '', '', '', '', '', '', '', '',
  'for Supervisors', 'for Managers', 'for Warehouses', 'for Construction', 'for Offices', 'for Schools',
  'for Care Homes', 'for Retail', 'Essentials', 'Level 2', 'Refresher', 'Explained',
] as const;

export const SYNTHETIC_SECTORS = [
  'Construction', 'Warehousing', 'Offices', 'Education', 'Healthcare', 'Care Homes', 'Retail', 'Manufacturing',
  'Hospitality', 'Local Government',
] as const;

export const SYNTHETIC_ADJECTIVES = ['practical', 'concise', 'clear', 'complete', 'popular', 'straightforward', 'thorough', 'hands-on'] as const;

export const SYNTHETIC_AUDIENCES = [
  'new starters', 'supervisors', 'managers', 'maintenance teams', 'warehouse staff', 'site workers', 'office staff',
  'care workers', 'kitchen staff', 'contractors',
] as const;

export const SYNTHETIC_POINTS = [
  'the law and your duties', 'spotting hazards before they hurt someone', 'safe systems of work',
  'reporting accidents and near misses', 'choosing the right equipment', 'emergency procedures',
  'checks before you start', 'looking after your health', 'the hierarchy of control', 'keeping records',
] as const;

export const SYNTHETIC_ACCREDITATIONS = ['', 'RoSPA approved', 'IOSH approved', 'CPD certified', ''] as const;

export const SYNTHETIC_BRANDS = [
  ...DEMO_BRANDS.map((brand) => brand.name),
  'Sentinel Safety Films', 'Keystone Compliance', 'Harbour Training', 'Oakfield Learning', 'Summit Signs', 'Ridgeway Safety',
];

/** Every word list above, for the no-match check. */
export const SYNTHETIC_VOCABULARY: readonly string[] = [
  ...SYNTHETIC_SUBJECTS, ...SYNTHETIC_FORMATS.flat(), ...SYNTHETIC_OPTION_NAMES.flat(), ...SYNTHETIC_MODIFIERS,
  ...SYNTHETIC_SECTORS, ...SYNTHETIC_ADJECTIVES, ...SYNTHETIC_AUDIENCES, ...SYNTHETIC_POINTS, ...SYNTHETIC_ACCREDITATIONS,
  ...SYNTHETIC_BRANDS,
];

/** The i-th synthetic category (0-based): "<subject> for <sector>", numbered once every pair is used. */
export function syntheticCategory(index: number): { slug: string; name: string } {
  const subject = SYNTHETIC_SUBJECTS[index % SYNTHETIC_SUBJECTS.length]!;
  const round = Math.floor(index / SYNTHETIC_SUBJECTS.length);
  const sector = SYNTHETIC_SECTORS[round % SYNTHETIC_SECTORS.length]!;
  const lap = Math.floor(round / SYNTHETIC_SECTORS.length);
  const name = `${subject} for ${sector}${lap > 0 ? ` ${lap + 1}` : ''}`;
  return { slug: slugify(name, CATEGORY_LIMITS.slug), name };
}

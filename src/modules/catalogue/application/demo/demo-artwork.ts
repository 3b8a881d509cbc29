
/**
 * Demo images drawn here rather than downloaded: an SVG per picture (coloured by category, the title, a
 * simple pictogram) rendered to WebP by sharp. Only our own fixed SVG ever reaches the renderer — uploads
 * never do (the storage module refuses SVG) — and fonts come from the system (DejaVu/sans-serif).
 */
export type Pictogram =
  | 'box' | 'flame' | 'extinguisher' | 'flask' | 'ladder' | 'warning' | 'screen' | 'cross' | 'drop' | 'gear'
  | 'ear' | 'helmet' | 'person' | 'heart' | 'document' | 'bolt';

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 600;
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;

/** Each pictogram fits a 200 × 200 box centred on 0,0, drawn in `ink` with its details in `paper` (the ground). */
const PICTOGRAMS: Record<Pictogram, (ink: string, paper: string) => string> = {
  box: (ink, paper) => `<path d="M-70 -30 L0 -65 L70 -30 L70 50 L0 85 L-70 50 Z" fill="${ink}"/><path d="M-70 -30 L0 5 L70 -30 M0 5 L0 85" stroke="${paper}" stroke-width="8" fill="none"/>`,
  flame: (ink) => `<path d="M0 -85 C35 -40 70 -10 60 35 C52 72 25 85 0 85 C-25 85 -52 72 -60 35 C-66 5 -45 -20 -30 -35 C-28 -10 -15 5 -5 5 C-15 -30 -10 -60 0 -85 Z" fill="${ink}"/>`,
  extinguisher: (ink, paper) => `<rect x="-32" y="-40" width="64" height="125" rx="22" fill="${ink}"/><rect x="-12" y="-70" width="24" height="32" fill="${ink}"/><path d="M10 -62 L60 -80 L64 -68 L18 -50 Z" fill="${ink}"/><rect x="-20" y="0" width="40" height="30" fill="${paper}"/>`,
  flask: (ink, paper) => `<path d="M-22 -85 L22 -85 L22 -25 L75 70 Q80 85 62 85 L-62 85 Q-80 85 -75 70 L-22 -25 Z" fill="${ink}"/><path d="M-50 35 L50 35" stroke="${paper}" stroke-width="8"/>`,
  ladder: (ink) => `<path d="M-45 -90 L-60 90 M45 -90 L60 90" stroke="${ink}" stroke-width="16" stroke-linecap="round"/><path d="M-50 -55 L50 -55 M-53 -15 L53 -15 M-56 25 L56 25 M-58 62 L58 62" stroke="${ink}" stroke-width="12"/>`,
  warning: (ink, paper) => `<path d="M0 -85 L90 75 L-90 75 Z" fill="${ink}"/><rect x="-8" y="-30" width="16" height="60" rx="6" fill="${paper}"/><circle cx="0" cy="52" r="9" fill="${paper}"/>`,
  screen: (ink, paper) => `<rect x="-85" y="-65" width="170" height="110" rx="10" fill="${ink}"/><rect x="-70" y="-50" width="140" height="80" fill="${paper}"/><path d="M-15 45 L-25 80 L25 80 L15 45 Z" fill="${ink}"/>`,
  cross: (ink, paper) => `<rect x="-80" y="-80" width="160" height="160" rx="20" fill="${ink}"/><path d="M-20 -55 L20 -55 L20 -20 L55 -20 L55 20 L20 20 L20 55 L-20 55 L-20 20 L-55 20 L-55 -20 L-20 -20 Z" fill="${paper}"/>`,
  drop: (ink, paper) => `<path d="M0 -90 C30 -40 65 0 65 35 C65 70 35 90 0 90 C-35 90 -65 70 -65 35 C-65 0 -30 -40 0 -90 Z" fill="${ink}"/><path d="M-30 35 Q-30 60 -5 65" stroke="${paper}" stroke-width="8" fill="none"/>`,
  gear: (ink, paper) => `<circle r="60" fill="${ink}"/>${[0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<rect x="-14" y="-88" width="28" height="36" fill="${ink}" transform="rotate(${a})"/>`).join('')}<circle r="25" fill="${paper}"/>`,
  ear: (ink) => `<path d="M-40 -20 C-40 -75 45 -90 55 -25 C62 15 20 25 15 55 C10 85 -30 90 -40 60" stroke="${ink}" stroke-width="22" fill="none" stroke-linecap="round"/><path d="M-10 -20 C-5 -45 25 -40 22 -15" stroke="${ink}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  helmet: (ink, paper) => `<path d="M-75 30 C-75 -45 75 -45 75 30 Z" fill="${ink}"/><rect x="-95" y="28" width="190" height="22" rx="10" fill="${ink}"/><rect x="-10" y="-55" width="20" height="50" fill="${paper}"/>`,
  person: (ink) => `<circle cy="-55" r="30" fill="${ink}"/><path d="M-55 85 L-55 10 Q-55 -18 -25 -18 L25 -18 Q55 -18 55 10 L55 85 Z" fill="${ink}"/>`,
  heart: (ink, paper) => `<path d="M0 80 C-95 15 -90 -65 -40 -70 C-15 -72 -3 -55 0 -45 C3 -55 15 -72 40 -70 C90 -65 95 15 0 80 Z" fill="${ink}"/><path d="M-50 0 L-20 0 L-8 -25 L8 25 L20 0 L50 0" stroke="${paper}" stroke-width="8" fill="none"/>`,
  document: (ink, paper) => `<path d="M-60 -85 L30 -85 L65 -50 L65 85 L-60 85 Z" fill="${ink}"/>${[-40, -10, 20, 50].map((y) => `<rect x="-40" y="${y}" width="85" height="10" fill="${paper}"/>`).join('')}`,
  bolt: (ink) => `<path d="M20 -90 L-55 15 L-5 15 L-25 90 L55 -20 L5 -20 Z" fill="${ink}"/>`,
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Greedy word wrap to lines of at most `width` characters, the last line cut with an ellipsis past `maxLines`. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function lines(texts: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return texts.map((text, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${FONT} ${attrs}>${escapeXml(text)}</text>`).join('');
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export interface ArtworkSubject {
  title: string;
  /** "Training DVD", "A2 poster", … */
  format: string;
  brand: string;
  colour: string;
  pictogram: Pictogram;
}

/** The main picture: category colour, brand, pictogram, title and format. */
export function coverSvg(subject: ArtworkSubject): string {
  const title = wrap(subject.title, 26, 3);
  const top = 430 - (title.length - 1) * 26;
  return svg(IMAGE_WIDTH, IMAGE_HEIGHT, [
    `<rect width="800" height="600" fill="${subject.colour}"/>`,
    `<rect width="800" height="64" fill="#000" opacity="0.18"/>`,
    lines([subject.brand.toUpperCase()], 32, 42, 24, 0, 'fill="#fff" font-weight="bold" letter-spacing="2"'),
    `<circle cx="400" cy="${top - 175}" r="120" fill="#fff" opacity="0.95"/>`,
    `<g transform="translate(400 ${top - 175}) scale(0.85)">${PICTOGRAMS[subject.pictogram](subject.colour, '#ffffff')}</g>`,
    lines(title, 400, top, 44, 52, 'fill="#fff" font-weight="bold" text-anchor="middle"'),
    `<rect x="0" y="548" width="800" height="52" fill="#fff" opacity="0.92"/>`,
    lines([subject.format], 400, 583, 24, 0, `fill="${subject.colour}" font-weight="bold" text-anchor="middle"`),
  ].join(''));
}

/** The second picture: what the product covers, as a checklist. */
export function pointsSvg(subject: ArtworkSubject, heading: string, points: readonly string[]): string {
  let y = 170;
  const items = points.map((point) => {
    const text = wrap(point.charAt(0).toUpperCase() + point.slice(1), 46, 2);
    const item = `<circle cx="70" cy="${y - 9}" r="16" fill="${subject.colour}"/><path d="M62 ${y - 9} l6 7 l11 -13" stroke="#fff" stroke-width="4" fill="none"/>` +
      lines(text, 104, y, 25, 32, 'fill="#1f2933"');
    y += 40 + text.length * 32;
    return item;
  });
  return svg(IMAGE_WIDTH, IMAGE_HEIGHT, [
    `<rect width="800" height="600" fill="#f4f6f8"/>`,
    `<rect width="800" height="16" fill="${subject.colour}"/>`,
    lines(wrap(heading, 40, 1), 48, 96, 34, 0, `fill="${subject.colour}" font-weight="bold"`),
    ...items,
    lines([`${subject.title} · ${subject.brand}`.slice(0, 60)], 48, 566, 20, 0, 'fill="#52606d"'),
  ].join(''));
}

/** The third picture: a "still" — the pictogram large on a darker field, with a caption. */
export function stillSvg(subject: ArtworkSubject, caption: string): string {
  return svg(IMAGE_WIDTH, IMAGE_HEIGHT, [
    `<rect width="800" height="600" fill="#1f2933"/>`,
    `<rect x="40" y="40" width="720" height="440" rx="18" fill="${subject.colour}"/>`,
    `<g transform="translate(400 260) scale(1.6)">${PICTOGRAMS[subject.pictogram]('#ffffff', subject.colour)}</g>`,
    lines(wrap(caption, 40, 2), 400, 535, 28, 34, 'fill="#fff" text-anchor="middle"'),
  ].join(''));
}

/** A brand logo: a disc with the initials beside the name, on white. */
export function logoSvg(name: string, colour: string): string {
  const initials = name.split(/\s+/).slice(0, 2).map((word) => word.charAt(0).toUpperCase()).join('');
  const words = wrap(name, 15, 2);
  return svg(480, 200, [
    `<rect width="480" height="200" fill="#fff"/>`,
    `<circle cx="100" cy="100" r="70" fill="${colour}"/>`,
    lines([initials], 100, 120, 56, 0, 'fill="#fff" font-weight="bold" text-anchor="middle"'),
    lines(words, 190, words.length === 1 ? 110 : 92, 27, 38, `fill="${colour}" font-weight="bold"`),
  ].join(''));
}

export interface RenderedImage {
  buffer: Buffer;
  width: number;
  height: number;
}

/** SVG → WebP. Effort 0 keeps ~150 demo images to a couple of seconds; they are flat colours and text. */
export async function renderWebp(svgText: string): Promise<RenderedImage> {
  // Loaded here, not at the top: the web server imports this module with the demo seeder and never renders a picture
  // (sharp maps libvips into the process: ADR 0067).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svgText)).webp({ quality: 80, effort: 0 }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

import type { DemoFamily, DemoLine } from './demo-catalogue.data.js';
import { onePagePdf, zipArchive, type PdfLine } from './demo-documents.js';
import type { DemoTopic } from './demo-topics.js';

/**
 * The words of a demo product — summary, description (HTML, sanitised by the seeder) and downloadable
 * file — written from its format and subject.
 */

/** "Display Screen Equipment" → "display screen equipment"; acronyms (COSHH, CDM, RIDDOR) stay as they are. */
export function subjectOf(topic: DemoTopic): string {
  return topic.name.split(' ').map((word) => (/[A-Z].*[A-Z]/.test(word) ? word : word.toLowerCase())).join(' ');
}

function duration(minutes: number): string {
  return minutes <= 240 ? 'half-day' : 'one-day';
}

export function summaryOf(line: DemoLine, topic: DemoTopic): string {
  const subject = subjectOf(topic);
  const minutes = line.minutes ?? 0;
  const texts: Record<DemoFamily, string> = {
    video: `A ${minutes}-minute training film on ${subject} for ${topic.audience}, written to ${topic.law}.`,
    elearning: `A ${minutes}-minute online course on ${subject} for ${topic.audience}, with a final assessment and a certificate.`,
    poster: `A hard-wearing ${subject} poster for the workplace noticeboard: A2 on 250 gsm silk, or laminated A3 for kitchens and workshops.`,
    powerpoint: `An editable PowerPoint presentation on ${subject} with trainer notes and a quiz, for delivering your own session to ${topic.audience}.`,
    risk: `A ready-to-adapt ${subject} risk assessment template written to ${topic.law}, with example hazards, controls and actions.`,
    course: `A ${duration(minutes)} instructor-led course on ${subject} for ${topic.audience}, at our training centres or at your premises.`,
  };
  return texts[line.family];
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${item.charAt(0).toUpperCase()}${item.slice(1)}</li>`).join('')}</ul>`;
}

export function descriptionOf(line: DemoLine, topic: DemoTopic): string {
  const subject = subjectOf(topic);
  const covers = `<h3>What it covers</h3>${list(topic.points)}`;
  const accreditation = line.accreditation ? `<p><strong>Accreditation:</strong> ${line.accreditation}.</p>` : '';
  const bodies: Record<DemoFamily, string> = {
    video:
      `<p><strong>${line.title}</strong> is a ${line.minutes}-minute training film for ${topic.audience}. Filmed in real ` +
      `workplaces and written to ${topic.law}, it explains what the law expects and shows what good practice looks like.</p>` +
      covers +
      `<h3>What you get</h3>${list([
        line.dvdOnly ? 'the film on DVD (region-free, with English subtitles)' : 'the film on DVD (region-free, with English subtitles) or as an online licence for 1 or 10 users',
        'trainer notes and a multiple-choice assessment',
        'certificates of completion for your training records',
      ])}`,
    elearning:
      `<p>This ${line.minutes}-minute online course on ${subject} is for ${topic.audience}. Learners work at their own pace on ` +
      `any device, and each module ends with a short quiz.</p>${covers}` +
      `<p>Licences are for named learners; each one gets a certificate on passing the final assessment. Administrators ` +
      `see progress and results for the whole team.</p>`,
    poster:
      `<p>A clear, bold poster on ${subject} that reminds people of the essentials where the work is done. Written to ` +
      `${topic.law}.</p>${covers}` +
      `<p>Choose an A2 poster on 250 gsm silk paper, or an A3 poster laminated for damp and dirty areas. Dispatched flat ` +
      `within two working days.</p>`,
    powerpoint:
      `<p>An editable PowerPoint presentation for delivering your own ${subject} session to ${topic.audience}, with trainer ` +
      `notes on every slide, a quiz and a certificate template.</p><h3>Slides in this pack</h3>${list(topic.points)}` +
      `<p>Download straight after payment; add your own logo, photographs and procedures.</p>`,
    risk:
      `<p>A ${subject} risk assessment template written to ${topic.law}. It follows the HSE’s five steps and comes ` +
      `filled in with typical hazards and controls for you to adapt to your workplace.</p>` +
      `<h3>Hazards and controls it prompts for</h3>${list(topic.points)}` +
      `<p>Download as a PDF straight after payment. Review it whenever the work, the people or the premises change.</p>`,
    course:
      `<p>A ${duration(line.minutes ?? 0)} course on ${subject} for ${topic.audience}, run by experienced trainers at our ` +
      `centres in Leeds, Birmingham and London, or at your premises for up to 12 delegates.</p>` +
      `<h3>Course content</h3>${list(topic.points)}` +
      `<p>Delegates receive a workbook and a certificate. Places are confirmed by e-mail with joining instructions.</p>`,
  };
  return bodies[line.family] + accreditation;
}

/** The file a download option unlocks: a PDF template for risk assessments, a ZIP for PowerPoint packs. */
export function downloadFileOf(line: DemoLine, topic: DemoTopic, slug: string): { name: string; contentType: string; extension: string; bytes: Buffer } | null {
  if (line.family === 'risk') {
    const field = (text: string): PdfLine => ({ text, rule: true, gap: 6 });
    const pdf = onePagePdf(line.title, [
      field('Organisation:'), field('Assessed by:'), field('Date of assessment:'), field('Date of next review:'),
      { text: 'Hazards and controls to consider', bold: true, size: 13, gap: 16 },
      ...topic.points.map((point) => ({ text: `- ${point.charAt(0).toUpperCase()}${point.slice(1)}` })),
      { text: 'Who might be harmed, and how', bold: true, size: 13, gap: 16 }, field(''), field(''),
      { text: 'What are you already doing?', bold: true, size: 13, gap: 16 }, field(''), field(''),
      { text: 'Further action needed - by whom - by when', bold: true, size: 13, gap: 16 }, field(''), field(''),
      { text: `Written to ${topic.law}. Demo template from HS Training Direct.`, size: 9, gap: 24 },
    ]);
    return { name: `${line.title}.pdf`, contentType: 'application/pdf', extension: 'pdf', bytes: pdf };
  }
  if (line.family === 'powerpoint') {
    const slides = onePagePdf(`${line.title}: slide outline`, [
      { text: `Slide 1 - ${line.title}`, bold: true, gap: 8 },
      ...topic.points.map((point, i) => ({ text: `Slide ${i + 2} - ${point.charAt(0).toUpperCase()}${point.slice(1)}` })),
      { text: 'Slide 6 - Quiz: ten questions with answers in the notes' },
      { text: 'Slide 7 - Summary and certificate' },
    ]);
    const notes = onePagePdf(`${line.title}: trainer notes`, [
      { text: `Audience: ${topic.audience}.` },
      { text: `Legal basis: ${topic.law}.` },
      { text: 'Allow 45 to 60 minutes including the quiz. Adapt the examples to your own workplace.', gap: 8 },
    ]);
    const readme = Buffer.from(
      `${line.title}\r\n\r\nThis demo pack stands in for the editable PowerPoint file: it holds the slide outline and the trainer notes.\r\n`,
      'utf8',
    );
    const zip = zipArchive([
      { name: `${slug}-slide-outline.pdf`, data: slides },
      { name: `${slug}-trainer-notes.pdf`, data: notes },
      { name: 'README.txt', data: readme },
    ]);
    return { name: `${line.title}.zip`, contentType: 'application/zip', extension: 'zip', bytes: zip };
  }
  return null;
}

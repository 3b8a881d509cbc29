const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

let londonParts: Intl.DateTimeFormat | null = null;

/**
 * Made on first use, not when this module loads: many pages import this module, and a formatter with a time
 * zone loads ICU's zone data — 70 ms of the main thread on a desktop, ~280 ms on a phone (ADR 0058) — which pages that
 * show no date never need.
 */
function londonPartsFormat(): Intl.DateTimeFormat {
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return londonParts;
}

/**
 * "22 Nov 2026, 14:05", UK time. Built from numeric parts so that the server and the browser (whose ICU
 * versions may word dates differently) render the very same text and hydration never mismatches.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of londonPartsFormat().formatToParts(date)) parts[part.type] = part.value;
  const month = MONTHS[Number(parts.month) - 1] ?? parts.month;
  return `${Number(parts.day)} ${month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** A short, human description of a browser's user agent ("Chrome on Windows"); never the raw string. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /HeadlessChrome\//.test(ua)
          ? 'Headless Chrome'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /curl\//i.test(ua)
                ? 'curl'
                : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `A browser on ${os}`;
  return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
}

/** "850 KB", "12.4 MB", "1.2 GB": file sizes as people read them (powers of 1000, as operating systems show them). */
export function formatFileSize(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF document',
  'application/zip': 'ZIP archive',
  'video/mp4': 'MP4 video',
  'video/webm': 'WebM video',
  'audio/mpeg': 'MP3 audio',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
};

/** "PDF document", "PowerPoint presentation": a file's type in words (the MIME type when we have no name for it). */
export function describeFileType(contentType: string): string {
  return FILE_TYPES[contentType.split(';')[0]!.trim().toLowerCase()] ?? contentType;
}

/**
 * How the watch page plays a preview video. YouTube and Vimeo pages become their privacy-friendly embeds
 * (the only third-party frames the CSP allows); a stored file streams from our own API after the owner and
 * validity checks; any other https address can only be linked (the CSP keeps media to our own origin).
 */
export type PreviewPlayer =
  | { kind: 'embed'; src: string }
  | { kind: 'file'; src: string }
  | { kind: 'link'; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

export function previewPlayer(previewId: number, video: { url: string | null; storageKey: string | null }): PreviewPlayer | null {
  if (video.storageKey) return { kind: 'file', src: `/api/previews/${previewId}/video` };
  if (!video.url) return null;
  let url: URL;
  try {
    url = new URL(video.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const youtube = youtubeId(url);
  if (youtube) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { kind: 'embed', src: vimeo };
  return { kind: 'link', src: url.toString() };
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com' && segments[0] === 'video') id = segments[1];
  else if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    id = segments[0];
    hash ??= segments[1] ?? null; // unlisted videos: vimeo.com/{id}/{hash}
  }
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  return `https://player.vimeo.com/video/${id}${hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : ''}`;
}

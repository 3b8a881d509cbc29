import { previewPlayer } from './preview-player.js';

const url = (value: string) => previewPlayer(7, { url: value, storageKey: null });

describe('previewPlayer', () => {
  it('streams a stored file from the API, never from a public URL', () => {
    expect(previewPlayer(7, { url: null, storageKey: 'private/videos/abc.mp4' })).toEqual({ kind: 'file', src: '/api/previews/7/video' });
  });

  it('embeds YouTube addresses through youtube-nocookie.com', () => {
    const embed = { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(url('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toEqual(embed);
    expect(url('https://youtu.be/dQw4w9WgXcQ')).toEqual(embed);
    expect(url('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(embed);
    expect(url('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(embed);
    expect(url('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toEqual(embed);
  });

  it('embeds Vimeo addresses through player.vimeo.com, keeping an unlisted video\'s hash', () => {
    expect(url('https://vimeo.com/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(url('https://vimeo.com/76979871/a1b2c3d4e5')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5' });
    expect(url('https://player.vimeo.com/video/76979871?h=a1b2c3d4e5')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5' });
  });

  it('only links other https addresses, and refuses anything else', () => {
    expect(url('https://cdn.example.com/clips/manual-handling.mp4')).toEqual({ kind: 'link', src: 'https://cdn.example.com/clips/manual-handling.mp4' });
    expect(url('https://www.youtube.com/watch?v=bad"id')).toEqual({ kind: 'link', src: 'https://www.youtube.com/watch?v=bad%22id' });
    expect(url('http://example.com/clip.mp4')).toBeNull();
    expect(url('javascript:alert(1)')).toBeNull();
    expect(url('https://user:pass@example.com/clip.mp4')).toBeNull();
    expect(url('not a url')).toBeNull();
    expect(previewPlayer(7, { url: null, storageKey: null })).toBeNull();
  });
});

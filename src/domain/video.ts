/**
 * Video embeds (seed 001 §3, §4, §5, §9; seed 000 §9): which addresses name a video of a known
 * provider (Vimeo, YouTube, Wistia, Animoto), each provider's fixed oEmbed endpoint, the player
 * address a frame loads once the visitor presses play, the embed type, and the aspect rules. Pure:
 * the server (save-time lookup), the block's view and its island all read it.
 */

export const VIDEO_PROVIDERS = ['vimeo', 'youtube', 'wistia', 'animoto'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** The providers' own names, as `data-provider-name` carries them (seed 001 §3). */
export const PROVIDER_NAMES: Readonly<Record<VideoProvider, string>> = { vimeo: 'Vimeo', youtube: 'YouTube', wistia: 'Wistia', animoto: 'Animoto' };

/** Seed 001 §9, seed 000 §9: the aspect (height as a percentage of width) and the poster's fade. */
export const VIDEO = {
  /** An embed whose dimensions are unknown. */
  FALLBACK_ASPECT: 56.3,
  /** The "Auto" aspect setting. */
  AUTO_ASPECT: 65,
  POSTER_FADE_MS: 1000,
} as const;

/** Seed 001 §5: the video modes (null: none chosen, drawn as `none`). */
export const VIDEO_MODES = ['none', 'fit', 'fill'] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

/** The aspect settings: the video's own shape, Auto (65%), or 100 divided by a number of columns. */
export const VIDEO_ASPECTS = ['video', 'auto', '1', '2', '3', '4'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];

export type RecognisedVideo = { provider: VideoProvider; id: string /** Vimeo's privacy hash of an unlisted video. */; hash?: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video an address names, when it is one of a recognised provider's (seed 001 §3); undefined otherwise. */
export function recogniseVideo(address: string): RecognisedVideo | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return youtube(parts[0]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (parts[0] === 'watch') return youtube(url.searchParams.get('v') ?? undefined);
    if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') return youtube(parts[1]);
    return undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const at = parts.findIndex((p) => /^\d{1,12}$/.test(p));
    if (at < 0) return undefined;
    const hash = url.searchParams.get('h') ?? parts[at + 1];
    return { provider: 'vimeo', id: parts[at]!, ...(hash && /^[0-9a-f]{6,20}$/.test(hash) ? { hash } : {}) };
  }
  if (/(^|\.)wistia\.(com|net)$/.test(host) || host.endsWith('.wi.st')) {
    const at = parts.findIndex((p) => p === 'medias' || p === 'iframe');
    const id = at >= 0 ? parts[at + 1] : undefined;
    return id && /^[a-z0-9]{10}$/.test(id) ? { provider: 'wistia', id } : undefined;
  }
  if (host === 'animoto.com') {
    const id = parts[0] === 'play' ? parts[1] : undefined;
    return id && /^[A-Za-z0-9_-]{6,40}$/.test(id) ? { provider: 'animoto', id } : undefined;
  }
  return undefined;
}

function youtube(id: string | undefined): RecognisedVideo | undefined {
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : undefined;
}

/** Each provider's fixed oEmbed endpoint (no discovery from the page: only these hosts are asked). */
export const OEMBED_ENDPOINTS: Readonly<Record<VideoProvider, string>> = {
  vimeo: 'https://vimeo.com/api/oembed.json',
  youtube: 'https://www.youtube.com/oembed',
  wistia: 'https://fast.wistia.com/oembed',
  animoto: 'https://animoto.com/oembeds/create',
};

/** The oEmbed call for `address` at `endpoint` (a test's fake provider in place of the real one). */
export function oembedUrl(endpoint: string, address: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('url', address);
  url.searchParams.set('format', 'json');
  return url.toString();
}

/**
 * The address the player frame loads once the visitor presses play (seed 001 §4): always https,
 * so a secure page never loads a player over http; YouTube through its no-cookie host with its
 * JS API enabled; autoplay added, since the visitor's press on the overlay is the start.
 */
export function playerSrc(video: RecognisedVideo): string {
  switch (video.provider) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&enablejsapi=1&playsinline=1&rel=0`;
    case 'vimeo':
      return `https://player.vimeo.com/video/${video.id}?autoplay=1${video.hash ? `&h=${video.hash}` : ''}`;
    case 'wistia':
      return `https://fast.wistia.net/embed/iframe/${video.id}?autoPlay=true`;
    case 'animoto':
      return `https://animoto.com/play/${video.id}?autostart=true`;
  }
}

/** The hosts a provider's player is served from: the only origins play and pause messages go to. */
export const PLAYER_ORIGINS: Readonly<Partial<Record<VideoProvider, string>>> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

/** Seed 001 §4: play and pause go by message to Vimeo and YouTube frames only; other players are stopped by reloading them. */
export function pauseMessage(provider: VideoProvider): string | undefined {
  if (provider === 'youtube') return JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] });
  if (provider === 'vimeo') return JSON.stringify({ method: 'pause' });
  return undefined;
}

/** Seed 001 §4: what a block's video is: a provider's player (iframe), a file of the site (object), or invalid. */
export type VideoType = 'iframe' | 'object' | 'invalid';

export function videoType(data: { url?: string | undefined; file?: string | undefined }): VideoType {
  if (data.url) return recogniseVideo(data.url) ? 'iframe' : 'invalid';
  return data.file ? 'object' : 'invalid';
}

/**
 * The height of the video's box as a percentage of its width (seed 001 §9, seed 000 §9): the
 * video's own shape when its dimensions are known, else 56.3; Auto is 65; a number of columns N is 100 / N.
 */
export function videoAspect(setting: VideoAspect, dimensions?: { width?: number | undefined; height?: number | undefined }): number {
  if (setting === 'auto') return VIDEO.AUTO_ASPECT;
  if (setting !== 'video') return Math.round((100 / Number(setting)) * 1000) / 1000;
  const { width, height } = dimensions ?? {};
  return width && height ? Math.round((height / width) * 100_000) / 1000 : VIDEO.FALLBACK_ASPECT;
}

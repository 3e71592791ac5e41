/**
 * Video embeds looked up when a draft is saved (seed 001 §3, §4): a video block (or a gallery's
 * video slide) whose address is new or changed gets its title, dimensions and poster from the provider's fixed oEmbed endpoint
 * (never an endpoint the page or the answer names), and the poster (`thumbnail_url`) is copied into
 * the site's files (./site-files.ts), so a page renders with no network and makes no request to
 * the provider. Every connection goes through the outgoing-connection guard (../net/outgoing.ts):
 * resolved once, pinned, private addresses refused unless the operator allows them. Each answer
 * has a time limit and a size cap; a slow, huge or malformed answer, or an address of no
 * recognised provider, refuses the save with a message on the block's address field, and nothing
 * is stored. A poster that cannot be copied leaves the video without one (the player still works).
 *
 * Done before the draft's transaction, so no row lock is held while a provider answers.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { GalleryImage } from '../../../blocks/gallery/schema';
import type { VideoData, VideoEmbed } from '../../../blocks/video/schema';
import type { StoredSection } from '../../../document/schema';
import { BLOCK_TYPES } from '../../../domain/block-types';
import { OEMBED_ENDPOINTS, oembedUrl, PROVIDER_NAMES, recogniseVideo, type RecognisedVideo, type VideoProvider } from '../../../domain/video';
import { blocks } from '../../../messages/blocks';
import { format } from '../../../messages/format';
import { videoBlock } from '../../../messages/video-block';
import type { BlobStore } from '../../blobs/store';
import { guardedRequest, OutgoingError, type OutgoingFailure, type OutgoingPolicy } from '../../net/outgoing';
import { FileRefusal, siteFile } from './site-files';
import { uploadFile } from './operations/upload-file';
import type { Db } from '../../../db/client';

export const OEMBED_TIMEOUT_MS = 5_000;
/** An oEmbed description is a few hundred bytes; anything near this is not one. */
export const OEMBED_MAX_BYTES = 64 * 1024;
/** Providers' posters are at most a few hundred KB. */
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;
const USER_AGENT = 'OpenPress-Video/1';
const PURPOSE = { refused: 'Video lookup refused:', allowWith: 'OUTGOING_ALLOW_PRIVATE=true' };

export type VideoEmbedOptions = OutgoingPolicy & {
  timeoutMs?: number;
  maxBytes?: number;
  /** Each provider's oEmbed endpoint in place of its real one (tests' local fake provider). */
  endpoints?: Partial<Record<VideoProvider, string>>;
};

export type VideoEmbedDeps = { db: Db; store: BlobStore; options?: VideoEmbedOptions };

/** Why a lookup failed, as the editor shows it on the address field. */
export class EmbedRefusal extends Error {}

const oembedAnswer = z.object({
  title: z.string().optional(),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
  thumbnail_url: z.string().optional(),
});

type Fetched = { status: number; contentType: string; body: Buffer };

/** GET `target` through the outgoing-connection guard (../net/outgoing.ts); failures as EmbedRefusal in the owner's words. */
async function fetchLimited(target: string, options: VideoEmbedOptions, maxBytes: number, name: string): Promise<Fetched> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EmbedRefusal(format(videoBlock.lookupMalformed, { provider: name }));
  const timeoutMs = options.timeoutMs ?? OEMBED_TIMEOUT_MS;
  try {
    return await guardedRequest(url, options, PURPOSE, { timeoutMs, maxBytes, headers: { accept: 'application/json, image/*', 'user-agent': USER_AGENT } });
  } catch (err) {
    if (!(err instanceof OutgoingError)) throw err;
    const words: Record<OutgoingFailure, string> = {
      refused: err.message,
      tooLarge: format(videoBlock.lookupTooLarge, { provider: name, kilobytes: Math.round(maxBytes / 1024) }),
      timeout: format(videoBlock.lookupTimeout, { provider: name, seconds: timeoutMs / 1000 }),
      unreachable: format(videoBlock.lookupUnreachable, { provider: name }),
      ended: format(videoBlock.lookupUnreachable, { provider: name }),
    };
    throw new EmbedRefusal(words[err.reason], { cause: err });
  }
}

const dimension = (value: number | string | undefined) => {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return n !== undefined && Number.isInteger(n) && n > 0 && n <= 10_000 ? n : undefined;
};

/** The provider's description of `address`: its title, dimensions and poster address. Throws EmbedRefusal. */
export async function lookupOEmbed(video: RecognisedVideo, address: string, options: VideoEmbedOptions = { allowPrivate: false }) {
  const name = PROVIDER_NAMES[video.provider];
  const endpoint = options.endpoints?.[video.provider] ?? OEMBED_ENDPOINTS[video.provider];
  const answer = await fetchLimited(oembedUrl(endpoint, address), options, options.maxBytes ?? OEMBED_MAX_BYTES, name);
  // Vimeo answers 403 for a video of a Basic account whose embedding is restricted (seed 001 §8).
  if (video.provider === 'vimeo' && answer.status === 403) throw new EmbedRefusal(blocks.vimeoBasicUnsupported);
  if (answer.status < 200 || answer.status >= 300) throw new EmbedRefusal(format(videoBlock.lookupRefused, { provider: name, status: answer.status }));
  let parsed;
  try {
    parsed = oembedAnswer.safeParse(JSON.parse(answer.body.toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new EmbedRefusal(format(videoBlock.lookupMalformed, { provider: name }));
  const { title, width, height, thumbnail_url: thumbnail } = parsed.data;
  return { title: title?.slice(0, 300), width: dimension(width), height: dimension(height), thumbnail };
}

/** The poster at `address` as a file of the site (one already copied for this video is reused); undefined when it cannot be had. */
async function copyPoster(deps: VideoEmbedDeps, websiteId: string, accountId: string, video: RecognisedVideo, address: string): Promise<string | undefined> {
  const fileName = `${video.provider}-${video.id}-poster.jpg`;
  const existing = await siteFile(deps.db, websiteId, fileName);
  if (existing) return `/s/${existing.name}`;
  try {
    const options = deps.options ?? { allowPrivate: false };
    const answer = await fetchLimited(address, options, POSTER_MAX_BYTES, PROVIDER_NAMES[video.provider]);
    if (answer.status !== 200 || !answer.contentType.startsWith('image/')) return undefined;
    const row = await uploadFile({ db: deps.db, store: deps.store }, websiteId, accountId, {
      fileName,
      declaredType: answer.contentType,
      body: Readable.from([answer.body]),
    });
    return `/s/${row.name}`;
  } catch (err) {
    if (err instanceof EmbedRefusal || err instanceof FileRefusal) return undefined;
    throw err;
  }
}

/** The embed of a video block at `address`, looked up now. Throws EmbedRefusal. */
async function embedFor(deps: VideoEmbedDeps, websiteId: string, accountId: string, address: string, video: RecognisedVideo): Promise<VideoEmbed> {
  const found = await lookupOEmbed(video, address, deps.options);
  const poster = found.thumbnail ? await copyPoster(deps, websiteId, accountId, video, found.thumbnail) : undefined;
  return {
    url: address,
    provider: video.provider,
    ...(found.title ? { title: found.title } : {}),
    ...(found.width && found.height ? { width: found.width, height: found.height } : {}),
    ...(poster ? { poster } : {}),
  };
}

/** A gallery's items, as far as the lookup reads them (the schema has checked them). */
type GalleryItems = { images?: Partial<GalleryImage>[] };
const galleryItems = (data: unknown) => (Array.isArray((data as GalleryItems).images) ? (data as GalleryItems).images! : []);
/** A gallery item is a video by address whose embed is not (yet) for that address. */
const slideLacks = (item: Partial<GalleryImage>) => typeof item.video === 'string' && item.embed?.url !== item.video;

export type EmbedsOutcome = { ok: true; sections: StoredSection[] } | { ok: false; errors: Record<string, string> };

/**
 * `sections` with every video block's embed filled: kept when the block holds one for its address,
 * taken from `prior` (the content the save replaces) when that held the same block at the same
 * address (so a save that did not come back with the embed looks nothing up again), looked up
 * otherwise. A refusal is named at the block's address field.
 */
export async function fillVideoEmbeds(
  deps: VideoEmbedDeps,
  websiteId: string,
  accountId: string,
  sections: StoredSection[],
  prior: () => Promise<StoredSection[]>,
): Promise<EmbedsOutcome> {
  const known = new Map<string, VideoEmbed>();
  const lacking = sections.some((s) =>
    s.blocks.some(
      (b) =>
        (b.type === BLOCK_TYPES.VIDEO && typeof b.data.url === 'string' && (b.data as Partial<VideoData>).embed?.url !== b.data.url) ||
        (b.type === BLOCK_TYPES.GALLERY && galleryItems(b.data).some(slideLacks)),
    ),
  );
  // Only a save holding a video without its embed reads what it replaces. A gallery's video slides are known by block and address (slides move).
  for (const block of lacking ? (await prior()).flatMap((s) => s.blocks) : []) {
    const data = block.data as Partial<VideoData>;
    if (block.type === BLOCK_TYPES.VIDEO && data.embed && data.embed.url === data.url) known.set(block.id, data.embed);
    if (block.type === BLOCK_TYPES.GALLERY)
      for (const item of galleryItems(block.data)) if (item.video && item.embed?.url === item.video) known.set(`${block.id} ${item.video}`, item.embed);
  }
  const errors: Record<string, string> = {};
  const filled: StoredSection[] = [];
  for (const [si, section] of sections.entries()) {
    const blocksOut = [];
    for (const [bi, block] of section.blocks.entries()) {
      const data = block.data as Partial<VideoData>;
      if (block.type === BLOCK_TYPES.GALLERY && galleryItems(block.data).some((item) => item.video)) {
        blocksOut.push(await withSlideEmbeds(deps, websiteId, accountId, block, `sections.${si}.blocks.${bi}.data.images`, known, errors));
        continue;
      }
      if (block.type !== BLOCK_TYPES.VIDEO || !data.url) {
        blocksOut.push(block);
        continue;
      }
      const path = `sections.${si}.blocks.${bi}.data.url`;
      const video = recogniseVideo(data.url);
      if (!video) {
        errors[path] = data.poster ? blocks.videoCustomFeaturedImage : blocks.videoInvalidEmbed;
        blocksOut.push(block);
        continue;
      }
      const held = data.embed?.url === data.url ? data.embed : known.get(block.id);
      let embed = held && held.url === data.url ? held : undefined;
      if (!embed) {
        try {
          embed = await embedFor(deps, websiteId, accountId, data.url, video);
        } catch (err) {
          if (!(err instanceof EmbedRefusal)) throw err;
          errors[path] = err.message;
          blocksOut.push(block);
          continue;
        }
      }
      blocksOut.push({ ...block, data: { ...block.data, embed } });
    }
    filled.push({ ...section, blocks: blocksOut });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, sections: filled };
}

/**
 * A gallery block with each video slide's embed filled (seed 001 §3, §4): kept when held for the
 * slide's address, reused from the content the save replaces, else looked up with its poster
 * copied into the site's files. A refusal is named at the slide's `video` field.
 */
async function withSlideEmbeds<B extends StoredSection['blocks'][number]>(
  deps: VideoEmbedDeps,
  websiteId: string,
  accountId: string,
  block: B,
  path: string,
  known: ReadonlyMap<string, VideoEmbed>,
  errors: Record<string, string>,
): Promise<B> {
  const items = galleryItems(block.data);
  const out: Partial<GalleryImage>[] = [];
  for (const [i, item] of items.entries()) {
    if (!item.video) {
      out.push(item);
      continue;
    }
    const video = recogniseVideo(item.video);
    if (!video) {
      errors[`${path}.${i}.video`] = blocks.videoInvalidEmbed;
      out.push(item);
      continue;
    }
    let embed = item.embed?.url === item.video ? item.embed : known.get(`${block.id} ${item.video}`);
    if (!embed) {
      try {
        embed = await embedFor(deps, websiteId, accountId, item.video, video);
      } catch (err) {
        if (!(err instanceof EmbedRefusal)) throw err;
        errors[`${path}.${i}.video`] = err.message;
        out.push(item);
        continue;
      }
    }
    out.push({ ...item, embed });
  }
  return { ...block, data: { ...block.data, images: out } };
}

/** The draft save's embed step (./page-drafts.ts `embeds`) for one site and the account saving. */
export function videoEmbedStep(deps: VideoEmbedDeps, websiteId: string, accountId: string) {
  return (sections: StoredSection[], prior: () => Promise<StoredSection[]>) => fillVideoEmbeds(deps, websiteId, accountId, sections, prior);
}

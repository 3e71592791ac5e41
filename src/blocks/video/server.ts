/**
 * The video block's server part (seed 001 §3, §4): when a draft is saved, a video whose address is
 * new or changed gets its title, dimensions and poster from the provider's fixed oEmbed endpoint
 * (never an endpoint the page or the answer names), and the poster (`thumbnail_url`) is copied into
 * the site's files, so a page renders with no network and makes no request to the provider. Every
 * connection goes through the outgoing-connection guard (src/server/net/outgoing.ts): resolved
 * once, pinned, private addresses refused unless the operator allows them. Each answer has a time
 * limit and a size cap; a slow, huge or malformed answer, or an address of no recognised provider,
 * refuses the save with a message on the block's address field, and nothing is stored. A poster
 * that cannot be copied leaves the video without one (the player still works). The gallery's video
 * slides are looked up the same way (../gallery/server.ts).
 *
 * Done before the draft's transaction, so no row lock is held while a provider answers.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { OEMBED_ENDPOINTS, oembedUrl, PROVIDER_NAMES, recogniseVideo, type RecognisedVideo } from '../../domain/video';
import { blocks } from '../../messages/blocks';
import { format } from '../../messages/format';
import { videoBlock } from '../../messages/video-block';
import { guardedRequest, OutgoingError, type OutgoingFailure } from '../../server/net/outgoing';
import type { BlockServer, ResolveContext, ResolveOptions } from '../server-types';
import type { VideoData, VideoEmbed } from './schema';

export const OEMBED_TIMEOUT_MS = 5_000;
/** An oEmbed description is a few hundred bytes; anything near this is not one. */
export const OEMBED_MAX_BYTES = 64 * 1024;
/** Providers' posters are at most a few hundred KB. */
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;
const USER_AGENT = 'OpenPress-Video/1';
const PURPOSE = { refused: 'Video lookup refused:', allowWith: 'OUTGOING_ALLOW_PRIVATE=true' };

/** Why a lookup failed, as the editor shows it on the address field. */
export class EmbedRefusal extends Error {}

const oembedAnswer = z.object({
  title: z.string().optional(),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
  thumbnail_url: z.string().optional(),
});

type Fetched = { status: number; contentType: string; body: Buffer };

/** GET `target` through the outgoing-connection guard; failures as EmbedRefusal in the owner's words. */
async function fetchLimited(target: string, options: ResolveOptions, maxBytes: number, name: string): Promise<Fetched> {
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
export async function lookupOEmbed(video: RecognisedVideo, address: string, options: ResolveOptions = { allowPrivate: false }) {
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
async function copyPoster(ctx: ResolveContext, video: RecognisedVideo, address: string): Promise<string | undefined> {
  const fileName = `${video.provider}-${video.id}-poster.jpg`;
  const existing = await ctx.files.find(fileName);
  if (existing) return existing;
  try {
    const answer = await fetchLimited(address, ctx.outgoing, POSTER_MAX_BYTES, PROVIDER_NAMES[video.provider]);
    if (answer.status !== 200 || !answer.contentType.startsWith('image/')) return undefined;
    return await ctx.files.add({ fileName, declaredType: answer.contentType, body: Readable.from([answer.body]) });
  } catch (err) {
    if (err instanceof EmbedRefusal) return undefined;
    throw err;
  }
}

/** The embed of a video at `address`, looked up now. Throws EmbedRefusal. */
export async function embedFor(ctx: ResolveContext, address: string, video: RecognisedVideo): Promise<VideoEmbed> {
  const found = await lookupOEmbed(video, address, ctx.outgoing);
  const poster = found.thumbnail ? await copyPoster(ctx, video, found.thumbnail) : undefined;
  return {
    url: address,
    provider: video.provider,
    ...(found.title ? { title: found.title } : {}),
    ...(found.width && found.height ? { width: found.width, height: found.height } : {}),
    ...(poster ? { poster } : {}),
  };
}

/**
 * A video block with its embed filled: kept when it holds one for its address, taken from the
 * block the save replaces when that held the same address (so a save that did not come back with
 * the embed looks nothing up again), looked up otherwise. A refusal is named at its address field.
 */
export const videoServer: BlockServer = {
  async resolve(block, { path, prior }, ctx) {
    const data = block.data as Partial<VideoData>;
    if (!data.url) return { block, errors: {} };
    const field = `${path}.data.url`;
    const video = recogniseVideo(data.url);
    if (!video) return { block, errors: { [field]: data.poster ? blocks.videoCustomFeaturedImage : blocks.videoInvalidEmbed } };
    let embed = data.embed?.url === data.url ? data.embed : undefined;
    if (!embed) {
      const before = (await prior())?.data as Partial<VideoData> | undefined;
      if (before?.embed && before.embed.url === before.url && before.embed.url === data.url) embed = before.embed;
    }
    if (!embed) {
      try {
        embed = await embedFor(ctx, data.url, video);
      } catch (err) {
        if (!(err instanceof EmbedRefusal)) throw err;
        return { block, errors: { [field]: err.message } };
      }
    }
    return { block: { ...block, data: { ...block.data, embed } }, errors: {} };
  },
};

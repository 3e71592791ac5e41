/**
 * Video block data: a provider's video by its address (Vimeo, YouTube, Wistia, Animoto) or a video
 * file of the site, how it sits in its area (seed 001 §5 modes) and its shape. `embed` is written
 * by the server when the address is saved (./server.ts): the video's title
 * and dimensions from the provider's oEmbed answer and its poster copied into the site's files, so
 * rendering needs no network.
 */
import { z } from 'zod';
import { siteLink } from '../../document/link';
import { VIDEO_ASPECTS, VIDEO_MODES, VIDEO_PROVIDERS } from '../../domain/video';

const siteFile = z
  .string()
  .max(1000)
  .regex(/^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file of this site (/s/name)');

export const videoEmbed = z
  .object({
    /** The address this was looked up for: a changed address is looked up again. */
    url: siteLink(1000),
    provider: z.enum(VIDEO_PROVIDERS),
    title: z.string().max(300).optional(),
    width: z.number().int().positive().max(10_000).optional(),
    height: z.number().int().positive().max(10_000).optional(),
    /** The provider's poster (its oEmbed thumbnail), copied into the site's files. */
    poster: siteFile.optional(),
  })
  .strict();

export const videoData = z
  .object({
    /** The video's address at its provider: a link too (a page without scripts offers it). */
    url: siteLink(1000).optional(),
    file: siteFile.optional(),
    /** A custom featured image shown in place of the provider's poster (embedded videos only). */
    poster: siteFile.optional(),
    title: z.string().max(300).optional(),
    caption: z.string().max(1000).optional(),
    mode: z.enum(VIDEO_MODES).nullable().default('fit'),
    aspect: z.enum(VIDEO_ASPECTS).default('video'),
    /** A file of the site plays again from the start when it ends. */
    loop: z.boolean().default(false),
    embed: videoEmbed.optional(),
  })
  .strict();
export type VideoData = z.infer<typeof videoData>;
export type VideoEmbed = z.infer<typeof videoEmbed>;

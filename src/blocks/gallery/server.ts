/**
 * The gallery block's server part (seed 001 §3, §4): when a draft is saved, each video slide gets
 * its embed as a video block does (../video/server.ts): kept when held for the slide's address,
 * reused from the same block of the content the save replaces (slides move, so by address), else
 * looked up with its poster copied into the site's files. A refusal is named at the slide's
 * `video` field.
 */
import { recogniseVideo } from '../../domain/video';
import { blocks } from '../../messages/blocks';
import type { BlockServer } from '../server-types';
import { EmbedRefusal, embedFor } from '../video/server';
import type { VideoEmbed } from '../video/schema';
import type { GalleryImage } from './schema';

/** A gallery's items, as far as the lookup reads them (the schema has checked them). */
type GalleryItems = { images?: Partial<GalleryImage>[] };
const galleryItems = (data: unknown) => (Array.isArray((data as GalleryItems).images) ? (data as GalleryItems).images! : []);
/** A gallery item is a video by address whose embed is not (yet) for that address. */
const slideLacks = (item: Partial<GalleryImage>) => typeof item.video === 'string' && item.embed?.url !== item.video;

export const galleryServer: BlockServer = {
  async resolve(block, { path, prior }, ctx) {
    const items = galleryItems(block.data);
    if (!items.some((item) => item.video)) return { block, errors: {} };
    // Only a gallery holding a slide without its embed reads what the save replaces.
    const known = new Map<string, VideoEmbed>();
    if (items.some(slideLacks))
      for (const item of galleryItems((await prior())?.data ?? {})) if (item.video && item.embed?.url === item.video) known.set(item.video, item.embed);
    const errors: Record<string, string> = {};
    const out: Partial<GalleryImage>[] = [];
    for (const [i, item] of items.entries()) {
      if (!item.video) {
        out.push(item);
        continue;
      }
      const field = `${path}.data.images.${i}.video`;
      const video = recogniseVideo(item.video);
      if (!video) {
        errors[field] = blocks.videoInvalidEmbed;
        out.push(item);
        continue;
      }
      let embed = item.embed?.url === item.video ? item.embed : known.get(item.video);
      if (!embed) {
        try {
          embed = await embedFor(ctx, item.video, video);
        } catch (err) {
          if (!(err instanceof EmbedRefusal)) throw err;
          errors[field] = err.message;
          out.push(item);
          continue;
        }
      }
      out.push({ ...item, embed });
    }
    return { block: { ...block, data: { ...block.data, images: out } }, errors };
  },
};

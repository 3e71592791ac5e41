/**
 * Video slides of a gallery (seed 001 §3, §4): what kind of media a gallery item is (the seed's
 * media types), what a video slide plays once the visitor presses play (a provider's player
 * address, built from the recognised video and never from a provider's answer, or a file of the
 * site), the shape of its box, and the name its slide goes by in the address. Pure: the gallery's
 * view, its page rules, the save-time lookup and the editor all read it.
 */
import { type GALLERY_MEDIA_TYPES } from './gallery';
import { playerSrc, recogniseVideo, videoAspect, type VideoProvider } from './video';

export type GalleryMediaType = (typeof GALLERY_MEDIA_TYPES)[number];

/** The parts of a gallery item these rules read. */
export type GalleryItemMedia = {
  src: string;
  video?: string | undefined;
  videoFile?: string | undefined;
  embed?: { url: string; width?: number | undefined; height?: number | undefined; poster?: string | undefined; title?: string | undefined } | undefined;
};

/**
 * Seed 001 §3 media types: a video (by address or file); an item with no image yet (imageEmpty); a
 * file of the site (imageFile); an image at another https address (imageReused: the owner reuses
 * it from elsewhere). imageLicensed and assetReused name sources this product does not have.
 */
export function galleryMediaType(item: GalleryItemMedia): GalleryMediaType {
  if (item.video || item.videoFile) return 'video';
  if (!item.src) return 'imageEmpty';
  return item.src.startsWith('/s/') ? 'imageFile' : 'imageReused';
}

/** What a video slide plays on press: a provider's frame at `src`, or a site file in the browser's player. */
export type SlideVideo =
  | { kind: 'frame'; provider: VideoProvider; id: string; src: string; aspect: number; title: string | undefined; poster: string | undefined }
  | { kind: 'file'; file: string; aspect: number; title: string | undefined; poster: string | undefined };

/**
 * The video of a gallery item, or undefined when it has none or its address is of no recognised
 * provider (such a slide is left out of the page; the editor names it). The embed counts only when
 * it was looked up for the item's current address. `posterDimensions`: the poster file's, for the
 * shape of a site file's video (whose own dimensions the page does not know).
 */
export function slideVideo(item: GalleryItemMedia, posterDimensions?: { width?: number | undefined; height?: number | undefined }): SlideVideo | undefined {
  if (item.video) {
    const video = recogniseVideo(item.video);
    if (!video) return undefined;
    const embed = item.embed?.url === item.video ? item.embed : undefined;
    return {
      kind: 'frame',
      provider: video.provider,
      id: video.id,
      src: playerSrc(video),
      aspect: videoAspect('video', embed),
      title: embed?.title,
      poster: item.src || embed?.poster || undefined,
    };
  }
  if (item.videoFile)
    return { kind: 'file', file: item.videoFile, aspect: videoAspect('video', posterDimensions), title: undefined, poster: item.src || undefined };
  return undefined;
}

/** The text a slide's id is made from: its image's file name, or for a video the provider and id (or the file's name). */
export function slideKeySource(item: GalleryItemMedia): string {
  if (item.video) {
    const video = recogniseVideo(item.video);
    if (video) return `${video.provider}-${video.id}`;
  }
  if (item.videoFile) return item.videoFile;
  return item.src;
}

/** Video addresses of a gallery's items that no provider is recognised for, as 1-based positions. */
export function unrecognisedVideos(items: readonly GalleryItemMedia[]): number[] {
  return items.flatMap((item, i) => (item.video && !recogniseVideo(item.video) ? [i + 1] : []));
}

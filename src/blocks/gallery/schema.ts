/**
 * Gallery block data (seed 001 §2, §3, §5): its images and videos (a video by its provider address,
 * with the embed the save-time lookup writes, or a video file of the site), each image with
 * alternative text, and the gallery block options under the seed's own names (design,
 * imageAspectRatio, slidesPerRow, …, vSize), with the few settings the layouts' behaviour needs
 * beside them (the stacked transition and click, the strip's click on the current slide, loop, the
 * address hash). Values the layout defaults of §9 fill in (per-row counts, gutters, column width)
 * are left out until the owner sets them, so a change of design takes the new layout's defaults.
 */
import { z } from 'zod';
import { siteLink } from '../../document/link';
import { LIGHTBOX_THEMES, META_POSITIONS, STACKED_TRANSITIONS, STRIP_ALIGNMENTS } from '../../domain/gallery';
import { STACKED_CLICKS, STRIP_CURRENT_CLICKS } from '../../domain/gallery-index';
import { videoEmbed } from '../video/schema';

/** The block's design setting: the eight layouts, with `slideshow` and `slider` as the seed names them, and `stacked` (one under another). */
export const GALLERY_DESIGN_SETTINGS = ['grid', 'autogrid', 'autocolumns', 'autorows', 'carousel', 'list', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesignSetting = (typeof GALLERY_DESIGN_SETTINGS)[number];

/** Width:height of each image's frame; `auto` keeps each image's own shape. */
export const GALLERY_ASPECT_RATIOS = ['auto', '1:1', '4:3', '3:2', '16:9', '3:4', '2:3'] as const;

/** A site file (/s/name) or an https address, as the image block takes. */
const imageAddress = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^(\/s\/[A-Za-z0-9][A-Za-z0-9._-]*|https:\/\/\S+)$/, 'must be a site file (/s/name) or an https URL');
/** A slide's id or url as the address names it (#itemId=…). */
/** A video file of the site, played in the browser's own player. */
const siteVideoFile = z
  .string()
  .max(1000)
  .regex(/^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file of this site (/s/name)');
const slideKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, - and _ only');

export const galleryImage = z
  .object({
    /** The image, or a video's own poster; empty for a video whose poster the save-time lookup copies (embed.poster). */
    src: z.union([imageAddress, z.literal('')]),
    /** Empty only for a decorative image. */
    alt: z.string().max(500),
    title: z.string().max(300).optional(),
    description: z.string().max(2000).optional(),
    /** The slide's name in the address (#itemId=…); without one, its id. */
    slug: slideKey.optional(),
    /** A click-through URL: the slide leads there instead of opening the lightbox. */
    link: siteLink(1000).optional(),
    focalPoint: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .strict()
      .optional(),
    /** A video slide: the video's address at Vimeo, YouTube, Wistia or Animoto (a link too: a page without scripts offers it). */
    video: siteLink(1000).optional(),
    /** A video slide: a video file of the site. */
    videoFile: siteVideoFile.optional(),
    /** Written at save time for `video` (./server.ts): title, shape and the poster copied into the site's files. */
    embed: videoEmbed.optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.video && item.videoFile) ctx.addIssue({ code: 'custom', path: ['videoFile'], message: 'a slide is a video by address or a video file, not both' });
    if (!item.src && !item.video && !item.videoFile) ctx.addIssue({ code: 'custom', path: ['src'], message: 'an image slide needs its image' });
  });
export type GalleryImage = z.infer<typeof galleryImage>;

export const galleryData = z
  .object({
    images: z.array(galleryImage).max(200),
    design: z.enum(GALLERY_DESIGN_SETTINGS).default('grid'),
    imageAspectRatio: z.enum(GALLERY_ASPECT_RATIOS).optional(),
    slidesPerRow: z.number().int().min(1).max(12).optional(),
    lightbox: z.boolean().default(false),
    lightboxTheme: z.enum(LIGHTBOX_THEMES).default('dark'),
    mixedContent: z.boolean().default(false),
    /** Seed 001 §5: a positive number. */
    columnWidth: z.number().positive().max(2000).optional(),
    gutter: z.number().int().min(0).max(200).optional(),
    /** The image's share of a list row, in percent. */
    listImageSize: z.number().int().min(10).max(90).default(50),
    'thumbnails-per-row': z.number().int().min(1).max(20).default(6),
    'active-alignment': z.enum(STRIP_ALIGNMENTS).default('middle'),
    autoplay: z.boolean().default(false),
    /** Seconds between slides. */
    'autoplay-duration': z.number().min(1).max(60).optional(),
    thumbnails: z.boolean().default(false),
    'thumbnail-strip-height': z.number().int().min(30).max(300).default(80),
    'thumbnail-strip-margin': z.number().int().min(0).max(100).default(10),
    'square-thumbs': z.boolean().default(false),
    'auto-crop': z.boolean().default(true),
    padding: z.number().int().min(0).max(200).default(0),
    'meta-position': z.enum(META_POSITIONS).default('bottom'),
    /** Height of a slideshow or slider as a percentage of its width. */
    vSize: z.number().min(10).max(200).optional(),
    transition: z.enum(STACKED_TRANSITIONS).default('fade'),
    click: z.enum(STACKED_CLICKS).default('next'),
    currentClick: z.enum(STRIP_CURRENT_CLICKS).default('none'),
    loop: z.boolean().default(false),
    historyHash: z.boolean().default(false),
    /** Seed 001 §2: the lightbox's slide written into the address as the page's URL + '/' + the slide's url or id. */
    historySync: z.boolean().default(false),
  })
  .strict();
export type GalleryData = z.output<typeof galleryData>;

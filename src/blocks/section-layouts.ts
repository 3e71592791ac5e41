/**
 * Section layouts: the starting points an owner picks when adding a section in the editor or a
 * page from the Pages screen, one per need (a hero, features, a gallery, testimonials, pricing, a
 * team, questions and answers, contact, a call to action, footer columns). Each builds a section of
 * ordinary blocks with fresh ids, from the kinds' own defaults, in one of the design's colour
 * themes so it is drawn with the site's own design; the server checks the result as it checks any
 * saved section. A saved page never names its layout: the keys matter only to the pickers, the
 * API's `layout` and the blank site (`heading-text`).
 *
 * Blocks are listed in reading order, and that is the order phones show them: where desktop's
 * reading order (top to bottom, then left to right) would differ — a plan's button is on the row
 * below all three plans — the layout writes the phone placements, stacking the blocks as listed.
 *
 * Built from the kinds' defaults modules only (no views, no schemas), so the Pages screen can offer
 * them without carrying the block definitions.
 */
import { BLOCK_TYPES } from '../domain/block-types';
import type { BlockData, Placement, Section, SectionHeight, SectionTheme } from '../document/layout';
import type { RichText, RichTextBlock, RichTextInline, RichTextParagraph, TextAlign } from '../document/rich-text';
import { accordionDefaults } from './accordion/defaults';
import { buttonDefaults, buttonSize } from './button/defaults';
import { formDefaults, formSize } from './form/defaults';
import { galleryDefaults, gallerySize } from './gallery/defaults';
import { imageDefaults } from './image/defaults';
import { textSize } from './text/defaults';

/** The layouts the pickers offer, in their order. */
const OFFERED = ['hero', 'features', 'gallery', 'testimonials', 'pricing', 'team', 'faq', 'contact', 'call-to-action', 'footer-columns'] as const;

/**
 * The keys of every layout: the ten offered, and two built by key but offered by no picker — the
 * blank site's home page starts from `heading-text`, and the API, which named `full-image` before
 * the layouts grew to ten, still takes it.
 */
export type SectionLayoutKey = (typeof OFFERED)[number] | 'heading-text' | 'full-image';

/** The first layouts' keys that one of the ten grew out of: the API still takes them. */
const RENAMED: Readonly<Record<string, SectionLayoutKey>> = { 'image-text': 'hero', 'three-columns': 'features', form: 'contact' };

export type SectionLayout = {
  key: SectionLayoutKey;
  /** The picker's name for it: a button's or a radio button's label. */
  label: string;
  /** One line under the label. */
  description: string;
  /** The layout shows an image the owner picks as it is added: a site file (/s/name) or an https address. */
  needsImage: boolean;
};

const LAYOUTS: Readonly<Record<SectionLayoutKey, Omit<SectionLayout, 'key'>>> = {
  hero: { label: 'Hero', description: 'A big heading, a sentence and two buttons beside an image.', needsImage: true },
  features: { label: 'Features', description: 'A heading over three columns, each a title and a few words.', needsImage: false },
  gallery: { label: 'Gallery', description: 'A heading and a gallery you fill with your images.', needsImage: false },
  testimonials: { label: 'Testimonials', description: 'Three quotes from clients, each with a name.', needsImage: false },
  pricing: { label: 'Pricing', description: 'Three plans, each with a price, what it includes and a button.', needsImage: false },
  team: { label: 'Team', description: 'Three people, each with a name, a role and a line about them.', needsImage: false },
  faq: { label: 'Questions and answers', description: 'A heading and four questions that open to show their answers.', needsImage: false },
  contact: { label: 'Contact', description: 'Your address and email beside a contact form.', needsImage: false },
  'call-to-action': { label: 'Call to action', description: 'A short heading, a sentence and one button, in the accent colour.', needsImage: false },
  'footer-columns': { label: 'Footer columns', description: 'Four short columns (about, address, contact, links) on the dark colour.', needsImage: false },
  'heading-text': { label: 'Heading and text', description: 'A heading with a paragraph below it.', needsImage: false },
  'full-image': { label: 'Full-width image', description: 'One image across the whole section.', needsImage: true },
};

export const SECTION_LAYOUTS: readonly SectionLayout[] = OFFERED.map((key) => ({ key, ...LAYOUTS[key] }));

/** The layout `key` names (a key of the first layouts names the one it grew into); undefined for any other. */
export function sectionLayout(key: string): SectionLayout | undefined {
  const known = Object.hasOwn(RENAMED, key) ? RENAMED[key]! : (key as SectionLayoutKey);
  return Object.hasOwn(LAYOUTS, known) ? { key: known, ...LAYOUTS[known] } : undefined;
}

/* ---------- the words: rich text as the editor writes it ---------- */

type Inline = RichTextInline;

const text = (words: string): Inline => ({ type: 'text', text: words });
const bold = (words: string): Inline => ({ type: 'text', text: words, marks: [{ type: 'bold' }] });
const link = (words: string, href: string): Inline => ({ type: 'text', text: words, marks: [{ type: 'link', attrs: { href, target: null } }] });
const lineBreak: Inline = { type: 'hardBreak' };

const heading = (level: 1 | 2 | 3, words: string, textAlign: TextAlign | null = null): RichTextBlock => ({
  type: 'heading',
  attrs: { level, textAlign },
  content: [text(words)],
});
const paragraph = (content: Inline[] | string, textAlign: TextAlign | null = null): RichTextParagraph => ({
  type: 'paragraph',
  attrs: { textAlign },
  content: typeof content === 'string' ? [text(content)] : content,
});
const bullets = (items: (Inline[] | string)[]): RichTextBlock => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
});
const quote = (words: string): RichTextBlock => ({ type: 'blockquote', content: [paragraph(words)] });
const doc = (...content: RichTextBlock[]): { text: RichText } => ({ text: { type: 'doc', content } });

/** A heading and a sentence introducing a section, centred over what follows. */
const intro = (title: string, sentence?: string) => doc(heading(2, title, 'center'), ...(sentence ? [paragraph(sentence, 'center')] : []));

const ADDRESS: Inline[] = [text('12 Harbour Street'), lineBreak, text('Springfield 10115')];
const REACH: Inline[] = [link('hello@example.com', 'mailto:hello@example.com'), lineBreak, link('+1 555 0100', 'tel:+15550100')];

/* ---------- the grid ---------- */

type Box = Pick<Placement, 'x' | 'y' | 'w' | 'h'>;

/** The phone grid's columns (GRID_COLUMNS.phone in src/document/layout.ts, a schemas module this one does not import). */
const PHONE_COLUMNS = 8;

/** Three columns with a column's margin at either side, as `column(i)` of 0, 1 and 2. */
const column = (i: number, y: number, h: number): Box => ({ x: 1 + i * 8, y, w: 6, h });

/** Desktop's reading order, as the renderer reads it (src/blocks/layout-css.ts `readingOrder`). */
const byPosition = (a: Box, b: Box) => a.y - b.y || a.x - b.x;

/**
 * The blocks as listed, each placed on phones in that order (across the phone's grid, a row apart)
 * when desktop's reading order would show them otherwise; else left automatic, as a section never
 * edited on the phone is.
 */
function readInOrder(blocks: Section<BlockData>['blocks']): Section<BlockData>['blocks'] {
  const desktop = blocks.map((b) => b.layout.desktop);
  if (desktop.every((box, i) => i === 0 || byPosition(desktop[i - 1]!, box) <= 0)) return blocks;
  let y = 0;
  return blocks.map((b) => {
    const phone = { x: 0, y, w: PHONE_COLUMNS, h: b.layout.desktop.h };
    // A row between blocks, so a plan's button stands apart from the next plan.
    y += phone.h + 1;
    return { ...b, layout: { ...b.layout, phone } };
  });
}

/**
 * A new section of the layout `key`, with ids from `newId`. `image` is the picked image's address
 * for a layout that needs one. Undefined for an unknown key, or a missing image.
 */
export function buildSectionLayout(key: SectionLayoutKey, newId: () => string, opts: { image?: string } = {}): Section<BlockData> | undefined {
  const layout = sectionLayout(key);
  if (!layout || (layout.needsImage && !opts.image)) return undefined;
  const block = (type: number, data: BlockData, desktop: Box) => ({ id: newId(), type, data, layout: { desktop } });
  const image = (desktop: Box) => block(BLOCK_TYPES.IMAGE, { ...imageDefaults, src: opts.image! }, desktop);
  const words = (data: { text: RichText }, desktop: Box) => block(BLOCK_TYPES.HTML, data, desktop);
  const button = (buttonText: string, desktop: Box, more: BlockData = {}) => block(BLOCK_TYPES.BUTTON, { ...buttonDefaults, buttonText, ...more }, desktop);
  const section = (theme: SectionTheme, blocks: Section<BlockData>['blocks'], height?: SectionHeight): Section<BlockData> => ({
    id: newId(),
    theme,
    ...(height ? { height } : {}),
    blocks: readInOrder(blocks),
  });
  switch (layout.key) {
    case 'hero':
      return section(
        'white',
        [
          words(
            doc(
              heading(1, 'Made with care, built to last'),
              paragraph('We help people and small businesses do more of what they love, with honest advice and work we stand behind.'),
            ),
            { x: 1, y: 2, w: 11, h: 10 },
          ),
          button('Get in touch', { x: 1, y: 12, w: 4, h: buttonSize.h }),
          button('Learn more', { x: 5, y: 12, w: 4, h: buttonSize.h }, { style: 'secondary' }),
          image({ x: 13, y: 0, w: 11, h: 16 }),
        ],
        'medium',
      );
    case 'features':
      return section('white', [
        words(intro('What we offer', 'Three good reasons to work with us.'), { x: 2, y: 0, w: 20, h: 6 }),
        ...[
          ['Thoughtful design', 'Every detail is considered, so what we make is simple to use and a pleasure to look at.'],
          ['Reliable service', 'We answer quickly, keep our promises and tell you plainly what happens next.'],
          ['Fair prices', 'Clear prices from the start, with no hidden costs and nothing you did not ask for.'],
        ].map(([title, sentence], i) => words(doc(heading(3, title!), paragraph(sentence!)), column(i, 7, 7))),
      ]);
    case 'gallery':
      return section('white', [
        words(intro('Our work', 'A look at some of our recent projects.'), { x: 2, y: 0, w: 20, h: 6 }),
        block(BLOCK_TYPES.GALLERY, structuredClone(galleryDefaults), { x: 0, y: 7, w: gallerySize.w, h: gallerySize.h }),
      ]);
    case 'testimonials':
      return section('light', [
        words(intro('What clients say'), { x: 2, y: 0, w: 20, h: 4 }),
        ...[
          ['They listened first, then delivered exactly what we asked for, on time and on budget.', 'Anna Keller', 'café owner'],
          ['Friendly, quick and careful with every detail. We recommend them to all our friends.', 'David Moreau', 'architect'],
          ['The best decision we made this year. Everything was clear from the very first call.', 'Priya Shah', 'teacher'],
        ].map(([said, name, role], i) => words(doc(quote(said!), paragraph([bold(name!), text(`, ${role!}`)])), column(i, 5, 8))),
      ]);
    case 'pricing':
      return section('white', [
        words(intro('Plans and prices', 'Simple prices, no surprises. Change or cancel at any time.'), { x: 2, y: 0, w: 20, h: 6 }),
        ...(
          [
            ['Starter', '$19 a month', ['One project', 'Email support', 'A monthly report']],
            ['Standard', '$49 a month', ['Five projects', 'Email and phone support', 'A weekly report']],
            ['Premium', '$99 a month', ['Unlimited projects', 'Priority support', 'Your own adviser']],
          ] satisfies [string, string, string[]][]
        ).flatMap(([name, price, included], i) => [
          words(doc(heading(3, name), paragraph([bold(price)]), bullets(included)), column(i, 7, 8)),
          button(`Choose ${name}`, column(i, 15, buttonSize.h)),
        ]),
      ]);
    case 'team':
      return section('white', [
        words(intro('Meet the team', 'The people you talk to when you get in touch.'), { x: 2, y: 0, w: 20, h: 6 }),
        ...[
          ['Sam Taylor', 'Founder', 'Started the business in 2012 and still answers the phone most days.'],
          ['Alex Morgan', 'Projects', 'Plans every job, from the first call to the final check.'],
          ['Jordan Lee', 'Customer care', 'Makes sure every question gets a quick and friendly answer.'],
        ].map(([name, role, line], i) => words(doc(heading(3, name!), paragraph([bold(role!)]), paragraph(line!)), column(i, 7, 8))),
      ]);
    case 'faq':
      return section('white', [
        words(doc(heading(2, 'Frequently asked questions'), paragraph('The questions we hear most often. Cannot find yours? Just ask us.')), {
          x: 3,
          y: 0,
          w: 18,
          h: 6,
        }),
        block(
          BLOCK_TYPES.ACCORDION,
          {
            ...accordionDefaults,
            items: [
              ['How do I place an order?', 'Choose what you need and write to us by email or with the contact form. We confirm within one working day.'],
              ['How long does delivery take?', 'Most orders arrive within three to five working days.'],
              ['Can I change or cancel my order?', 'Yes, free of charge until it has been sent. Just let us know.'],
              ['How can I pay?', 'By card or bank transfer. You receive an invoice with every order.'],
            ].map(([title, answer]) => ({ title, html: `<p>${answer!}</p>` })),
          },
          { x: 3, y: 7, w: 18, h: 10 },
        ),
      ]);
    case 'contact':
      return section('light', [
        words(
          doc(
            heading(2, 'Get in touch'),
            paragraph('We would love to hear from you. Send us a message and we will answer within one working day.'),
            paragraph(ADDRESS),
            paragraph(REACH),
          ),
          { x: 1, y: 1, w: 9, h: 14 },
        ),
        block(
          BLOCK_TYPES.FORM,
          { ...structuredClone(formDefaults), title: 'Send us a message', formId: newId() },
          { x: 12, y: 1, w: formSize.w, h: formSize.h },
        ),
      ]);
    case 'call-to-action':
      return section('accent', [
        words(
          doc(heading(2, 'Ready to get started?', 'center'), paragraph('Tell us what you have in mind, and we will get back to you within a day.', 'center')),
          { x: 4, y: 0, w: 16, h: 6 },
        ),
        button('Get in touch', { x: 4, y: 6, w: 16, h: buttonSize.h }, { alignment: 'center', size: 'large' }),
      ]);
    case 'footer-columns':
      return section(
        'dark',
        [
          doc(heading(3, 'About us'), paragraph('A small, independent business doing careful work since 2012.')),
          doc(heading(3, 'Visit'), paragraph(ADDRESS), paragraph('Monday to Saturday, 9:00 to 18:00')),
          doc(heading(3, 'Contact'), paragraph(REACH)),
          doc(
            heading(3, 'Follow us'),
            bullets([
              [link('Instagram', 'https://www.instagram.com/')],
              [link('Facebook', 'https://www.facebook.com/')],
              [link('LinkedIn', 'https://www.linkedin.com/')],
            ]),
          ),
        ].map((data, i) => words(data, { x: i * 6, y: 0, w: 6, h: 8 })),
      );
    case 'heading-text':
      return section('white', [
        words(doc(heading(2, 'A heading for this section'), paragraph('Say what this part of the page is about. Click to write your own words.')), {
          x: 2,
          y: 1,
          w: 20,
          h: textSize.h + 2,
        }),
      ]);
    case 'full-image':
      return section('white', [image({ x: 0, y: 0, w: 24, h: 16 })]);
  }
}

/**
 * What the Design screen says: its sub-screens, the draft's bar, and each panel's labels and
 * hints. The palette's modes, presets and colour names, the font categories and the words the page
 * editor already says the same way (Saved, Saving…, Discard changes, the device widths) come from
 * where they are kept once.
 */
import { editing } from '../../messages/editing';

export const words = {
  title: 'Design',
  intro:
    'Your site’s styles: its colours, fonts, sizes and buttons. Each change shows in the preview at once and is kept as a draft; visitors see it when you publish the design.',
  sections: 'Site styles',
  readOnly: 'Your role may look at the design but not change it.',
  loading: 'Loading…',

  // The draft's bar.
  saving: editing.saving,
  saved: editing.saved,
  unsaved: editing.unsaved,
  offline: editing.offline,
  unpublished: 'Unpublished changes',
  upToDate: 'Visitors see this design',
  publish: 'Publish design',
  publishing: 'Publishing…',
  published: 'Published. Visitors now see this design.',
  notPublished: 'Not published: your latest change is not saved yet. The line above says why.',
  discard: editing.discard,
  discardTitle: 'Discard your design changes?',
  discardText: 'The draft goes back to the design visitors see now.',
  discardNothing: 'There is nothing to discard: the draft is the published design.',
  discarded: 'Changes discarded: the draft is the published design.',
  history: editing.history,
  reset: "Reset to the template's design",
  resetTitle: "Reset to the template's design?",
  resetText:
    'Your draft becomes the design this site started with: its colours, fonts, sizes and buttons. Visitors see nothing new until you publish the design, and every published version stays in History.',
  resetAction: 'Reset the draft',
  resetDone: 'The draft is the template’s design again. Publish the design to show it to visitors.',
  fieldErrorsElsewhere: 'Some settings were not saved:',

  // History.
  historyTitle: 'Published versions',
  historyHint: 'Every publish of the design is kept; the last 50 are listed, newest first.',
  historyEmpty: 'The design has not been published from here yet.',
  close: 'Close',
  versionLabel: (n: number) => `Version ${n}`,
  versionWhen: (when: string, who: string | null) => (who ? `Published ${when} by ${who}` : `Published ${when}`),
  liveNow: editing.revisionCurrent,
  restore: 'Restore',
  restoreName: (n: number) => `Restore version ${n}`,
  restoreTitle: (n: number) => `Restore version ${n}?`,
  restoreText: (n: number) => `Your draft becomes version ${n} of the design. Visitors see nothing new until you publish.`,
  restored: (n: number) => `Version ${n} is your draft again. Publish the design to show it to visitors.`,

  // A conflict with someone else's save.
  conflictTitle: 'The design was changed elsewhere',
  conflictText: (who: string, when: string) => `${who} saved the design ${when}. Your latest change is not saved yet.`,
  conflictSomeone: 'Someone',
  keepMine: editing.keepMine,
  useTheirs: editing.reload,

  // The preview.
  preview: 'Preview',
  previewFrame: 'Design preview',
  previewWidth: 'Preview width',
  previewHint: 'A page of your site with your draft’s styles.',
  devices: { desktop: editing.deviceDesktop, tablet: editing.deviceTablet, phone: editing.devicePhone },

  // Colours.
  palette: 'Palette',
  paletteHint: 'Five colours your whole site draws on. Pick a way to make them.',
  paletteMode: 'How the palette is made',
  modeHints: {
    Presets: 'Start from a colour, then choose one of four palettes made from it.',
    'Custom Colors': 'Choose each of the five colours yourself.',
    'From Image': 'Take the five colours from an image in your site’s files.',
    'From Color': 'Tints and shades of one colour.',
  },
  seed: 'Starting colour',
  seedHex: 'Starting colour code',
  hexHint: 'Six hex digits after #, such as #1d5c4d.',
  presets: 'Palettes from your colour',
  chooseImage: editing.pickImage,
  readingImage: 'Reading the image’s colours…',
  imageUsed: (name: string) => `Colours taken from ${name}.`,
  swatches: 'Your five colours',
  swatchesCustomHint: 'Choose Custom Colors to change each colour yourself.',
  swatchColour: (name: string) => `${name} colour`,
  swatchHex: (name: string) => `${name} colour code`,
  safeColours: 'Safe colours',
  safeHint: 'Worked out from your five colours so that text in them reads on the backgrounds they go with. They follow the palette.',
  themes: 'Colour themes',
  themesHint: 'Each section of a page wears one of these four themes. Choose each colour from the palette, or a colour of your own.',
  themeNames: { white: 'White', light: 'Light', dark: 'Dark', accent: 'Accent' },
  roles: {
    background: 'Background',
    heading: 'Headings',
    text: 'Text',
    link: 'Links',
    button: 'Button',
    buttonText: 'Button text',
    buttonHover: 'Button on hover',
    buttonTextHover: 'Button text on hover',
  },
  paletteThemes: 'Use the palette’s readable colours in every theme',
  hoverColours: 'Hover colours',
  automatic: 'Automatic',
  customColour: 'A colour of your own',
  customPicker: (role: string) => `${role}: your colour`,
  customCode: (role: string) => `${role}: colour code`,
  sampleHeading: 'A heading',
  sampleText: 'Body text reads like this, with',
  sampleLink: 'a link',
  sampleButton: 'A button',
  contrast: {
    text: 'Text on the background',
    link: 'Links on the background',
    button: 'Button text on the button',
  },
  // Rounded down to the tenth, so a ratio shown as 4.5:1 is one that passes.
  ratio: (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`,
  passes: 'AA',
  fails: 'Hard to read: below 4.5:1',

  // Fonts.
  fontsHint:
    'Every font offered is open-licence and served from your site’s own address: no font service sees your visitors. Uploading your own fonts is not offered yet.',
  fontRoles: { heading: 'Headings', body: 'Body text', button: 'Buttons' },
  font: 'Font',
  weight: 'Weight',
  weights: {
    100: 'Thin',
    200: 'Extra light',
    300: 'Light',
    400: 'Regular',
    500: 'Medium',
    600: 'Semibold',
    700: 'Bold',
    800: 'Extra bold',
    900: 'Black',
  } as Record<number, string>,
  fontSample: {
    heading: 'Handmade pots for everyday tables',
    body: 'Every piece is thrown, trimmed and glazed in our studio by the harbour. Stoneware that goes from the oven to the table.',
    button: 'Book a class',
  },

  // Type.
  typeHint:
    'The size of body text, and how much larger each heading level is: heading 4 is the body size times the ratio, heading 3 that times the ratio again, and so on.',
  typeDevices: { desktop: 'Desktop', phone: 'Phones (under 800 px wide)' },
  baseSize: 'Body text size in pixels',
  ratioLabel: 'Heading ratio',
  typeLevels: ['Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Body text'],
  px: (n: number) => `${Math.round(n * 10) / 10} px`,

  // Spacing.
  spacingHint: 'Room around and between what is on your pages.',
  spacing: {
    sectionPaddingPx: 'Space above and below each section',
    blockGapPx: 'Space between blocks',
    contentWidthPx: 'Widest content',
  },
  spacingHints: {
    sectionPaddingPx: 'Phones get four fifths of it.',
    blockGapPx: 'Between the blocks of a section’s grid.',
    contentWidthPx: 'On wide screens, the content stays this wide and centred.',
  },

  // Buttons.
  buttonsHint: 'How every button of your site looks; its colours come from each colour theme.',
  shape: 'Shape',
  shapes: { square: 'Square', rounded: 'Rounded', pill: 'Pill' },
  style: 'Style',
  styles: { fill: 'Filled', outline: 'Outline' },
  size: 'Size',
  sizes: { small: 'Small', medium: 'Medium', large: 'Large' },
  buttonSamples: 'Your buttons on each colour theme',

  // Animations.
  animationsHint: 'How sections come into view as visitors scroll down a page.',
  animation: 'Animation',
  animations: {
    none: ['None', 'Sections are there at once.'],
    fade: ['Fade', 'Sections fade in.'],
    scale: ['Scale', 'Sections grow slightly into place.'],
    slide: ['Slide', 'Sections slide up into place.'],
  },
  reducedMotion: 'Visitors who ask their device for reduced motion see no animation, whatever you choose here.',

  // Header and footer.
  sticky: 'While visitors scroll',
  stickyLabel: 'Keep the header in view as visitors scroll',
  stickyHint: 'A site style: kept in your draft with the other styles, and shown to visitors when you publish the design.',
  headerFooterHint: 'The header’s and footer’s settings below are saved on their own, with their button: visitors see them as soon as you save.',
  saveHeader: 'Save header',
  saveFooter: 'Save footer',
} as const;

/**
 * A highlighted run of words as visitors get it: the words in a span, and over them the shape as an
 * SVG the server draws (seed 001 §3). Every setting becomes an SVG presentation attribute (stroke,
 * stroke-width, stroke-linecap, opacity), a class the page's stylesheet styles (box, theme colour,
 * blend: ./style.css) or a data attribute the island reads (animation, direction, duration): no
 * inline style, which the page's CSP refuses. The shape is decoration, hidden from assistive
 * technology: the words are the content. With its animation on, the SVG carries
 * `data-animation`, and the block's island (./island.ts) animates it once it is in view.
 */
import { createElement, type ReactNode } from 'react';
import {
  CURRENT_COLOR,
  drawnLinecap,
  drawnOpacity,
  HIGHLIGHT_THEME_COLORS,
  highlightGeometry,
  strokeWidth,
  type HighlightSettings,
} from '../../domain/text-highlight';

const isThemeColor = (color: string) => (HIGHLIGHT_THEME_COLORS as readonly string[]).includes(color);

function shapeClasses(settings: HighlightSettings): string {
  const classes = ['text-highlight-shape'];
  if (isThemeColor(settings.color)) classes.push(`text-highlight-color-${settings.color}`);
  if (settings.blend !== 'none') classes.push(`text-highlight-blend-${settings.blend}`);
  return classes.join(' ');
}

/** `characters`: how many the highlighted words hold, so waves and zigzags keep their look. */
export function highlightElement(settings: HighlightSettings, children: ReactNode[], characters: number): ReactNode {
  const { box, strokes } = highlightGeometry(settings.shape, characters);
  const stroke = settings.color === CURRENT_COLOR || isThemeColor(settings.color) ? 'currentColor' : settings.color;
  const svg = createElement(
    'svg',
    {
      className: shapeClasses(settings),
      'aria-hidden': 'true',
      focusable: 'false',
      viewBox: '0 0 100 100',
      preserveAspectRatio: 'none',
      'data-shape': settings.shape,
      ...(settings.isAnimationEnabled
        ? { 'data-animation': settings.animation, 'data-direction': settings.direction, 'data-duration': String(settings.duration) }
        : {}),
    },
    createElement(
      'g',
      {
        fill: 'none',
        stroke,
        strokeWidth: strokeWidth(settings),
        strokeLinecap: drawnLinecap(settings),
        strokeLinejoin: 'round',
        opacity: drawnOpacity(settings),
      },
      ...strokes.map((d, i) => createElement('path', { key: i, d, vectorEffect: 'non-scaling-stroke' })),
    ),
  );
  return createElement('span', { className: `text-highlight text-highlight-${box}` }, ...children, svg);
}

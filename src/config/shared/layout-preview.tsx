/**
 * A section layout's picture in the pickers ("Add a section" in the editor, "Add a page" on the
 * Pages screen): the section the layout builds, drawn as a schematic on desktop's 24 columns —
 * bars for headings, lines for words, shaded boxes for images, filled ones for buttons — on its
 * colour theme's background. Drawn from the built blocks, so it always shows what the layout
 * adds. Decorative: the picker's label names the choice, so the drawing is hidden from assistive
 * technology.
 */
import type { ReactNode } from 'react';
import { buildSectionLayout, sectionLayout, type SectionLayoutKey } from '../../blocks/section-layouts';
import { BLOCK_TYPES } from '../../domain/block-types';
import type { Block, BlockData, Section } from '../../document/layout';
import type { RichText, RichTextBlock, RichTextHeading, RichTextParagraph } from '../../document/rich-text';
import './layout-preview.css';

/** A grid row's height in column widths (22 px rows beside 50 px column steps in the default design). */
const ROW = 0.44;
/** Characters of body text one column holds on a line, and a text line's height, in column widths. */
const CHARS_PER_COLUMN = 5.5;
const LINE = 0.52;
/** Per heading level: characters a column holds, and the line's height. */
const HEADINGS: Record<number, { chars: number; line: number }> = {
  1: { chars: 2, line: 1.2 },
  2: { chars: 3, line: 0.85 },
  3: { chars: 4, line: 0.62 },
  4: { chars: 4.5, line: 0.56 },
};
const STROKE = 0.08;

type Box = { x: number; y: number; w: number; h: number };

const built = new Map<string, Section<BlockData> | undefined>();

/** The layout's section, built once: ids from a counter, a stand-in for the image it asks for. */
function sectionOf(key: SectionLayoutKey): Section<BlockData> | undefined {
  if (!built.has(key)) {
    let n = 0;
    const id = () => String(++n);
    built.set(key, buildSectionLayout(key, id, sectionLayout(key)?.needsImage ? { image: 'https://example.com/preview.jpg' } : {}));
  }
  return built.get(key);
}

const chars = (node: RichTextParagraph | RichTextHeading): number =>
  (node.content ?? []).reduce((n, inline) => n + (inline.type === 'text' ? inline.text.length : 0), 0);

/** Lines of `thickness` for `count` characters, `perLine` to a line, from `y` down to the box's bottom at most. */
function lines(
  box: Box,
  y: number,
  count: number,
  perLine: number,
  line: number,
  thickness: number,
  align: string | null,
  className: string,
  out: ReactNode[],
) {
  let left = Math.max(1, count);
  while (left > 0 && y + thickness <= box.y + box.h) {
    const share = Math.min(1, left / perLine);
    const width = Math.max(box.w * 0.25, box.w * share * 0.95);
    const x = align === 'center' ? box.x + (box.w - width) / 2 : align === 'right' ? box.x + box.w - width : box.x;
    out.push(<rect key={out.length} className={className} x={x} y={y} width={width} height={thickness} rx={thickness / 2} />);
    left -= perLine;
    y += line;
  }
  return y;
}

/** A text block: each heading a bar, each paragraph its lines, list items indented after a dot, a quote beside a rule. */
function textShapes(text: RichText, box: Box): ReactNode[] {
  const out: ReactNode[] = [];
  let y = box.y + 0.15;
  const walk = (nodes: readonly RichTextBlock[], at: Box) => {
    for (const node of nodes) {
      if (y >= box.y + box.h) return;
      if (node.type === 'heading') {
        const { chars: perColumn, line } = HEADINGS[node.attrs.level]!;
        y = lines(at, y, chars(node), at.w * perColumn, line, line * 0.62, node.attrs.textAlign, 'layout-preview-heading', out) + line * 0.2;
      } else if (node.type === 'paragraph') {
        y = lines(at, y, chars(node), at.w * CHARS_PER_COLUMN, LINE, LINE * 0.42, node.attrs.textAlign, 'layout-preview-text', out) + LINE * 0.3;
      } else if (node.type === 'blockquote') {
        const top = y;
        walk(node.content, { ...at, x: at.x + 0.6, w: at.w - 0.6 });
        out.push(<rect key={out.length} className="layout-preview-heading" x={at.x} y={top} width={0.15} height={Math.max(0, y - top - LINE * 0.3)} />);
      } else {
        for (const item of node.content) {
          if (y >= box.y + box.h) return;
          out.push(<circle key={out.length} className="layout-preview-text" cx={at.x + 0.2} cy={y + LINE * 0.21} r={0.14} />);
          walk(item.content, { ...at, x: at.x + 0.6, w: at.w - 0.6 });
        }
      }
    }
  };
  walk(text.content, box);
  return out;
}

function blockShapes(block: Block<BlockData>): ReactNode {
  const d = block.layout.desktop;
  const box = { x: d.x + 0.1, y: d.y * ROW + 0.1, w: d.w - 0.2, h: d.h * ROW - 0.2 };
  const { data } = block;
  switch (block.type) {
    case BLOCK_TYPES.HTML:
      return textShapes(data.text as RichText, box);
    case BLOCK_TYPES.IMAGE:
      return (
        <>
          <rect className="layout-preview-fill" {...box} rx={0.2} />
          <path
            className="layout-preview-fill"
            d={`M${box.x} ${box.y + box.h}l${box.w * 0.35} ${-box.h * 0.45}l${box.w * 0.2} ${box.h * 0.25}l${box.w * 0.2} ${-box.h * 0.15}l${box.w * 0.25} ${box.h * 0.35}z`}
          />
          <circle className="layout-preview-fill" cx={box.x + box.w * 0.72} cy={box.y + box.h * 0.28} r={Math.min(box.w, box.h) * 0.09} />
        </>
      );
    case BLOCK_TYPES.BUTTON: {
      const width = Math.min(box.w, 1.2 + String(data.buttonText ?? '').length * 0.28);
      const x = data.alignment === 'center' ? box.x + (box.w - width) / 2 : data.alignment === 'right' ? box.x + box.w - width : box.x;
      const className =
        data.style === 'secondary' || data.style === 'tertiary' ? 'layout-preview-button layout-preview-button--outline' : 'layout-preview-button';
      return <rect className={className} x={x} y={box.y} width={width} height={Math.min(box.h, 0.75)} rx={0.2} strokeWidth={STROKE * 1.5} />;
    }
    case BLOCK_TYPES.GALLERY: {
      const tiles: ReactNode[] = [];
      const columns = 4;
      const gap = 0.4;
      const size = (box.w - gap * (columns - 1)) / columns;
      const height = Math.min(size * 0.75, (box.h - gap) / 2);
      for (let i = 0; i < columns * 2; i++) {
        tiles.push(
          <rect
            key={i}
            className="layout-preview-fill"
            x={box.x + (i % columns) * (size + gap)}
            y={box.y + Math.floor(i / columns) * (height + gap)}
            width={size}
            height={height}
            rx={0.2}
          />,
        );
      }
      return tiles;
    }
    case BLOCK_TYPES.ACCORDION: {
      const items = Array.isArray(data.items) ? data.items.length : 1;
      const step = Math.min(1.3, box.h / items);
      return Array.from({ length: items }, (_, i) => (
        <g key={i}>
          <rect className="layout-preview-outline" x={box.x} y={box.y + i * step} width={box.w} height={step * 0.8} rx={0.15} strokeWidth={STROKE} />
          <rect className="layout-preview-text" x={box.x + 0.4} y={box.y + i * step + step * 0.28} width={box.w * 0.5} height={step * 0.24} rx={0.1} />
        </g>
      ));
    }
    case BLOCK_TYPES.FORM: {
      const fields = Array.isArray(data.fields) ? data.fields.length : 1;
      const step = Math.min(1.6, box.h / (fields + 2));
      return (
        <>
          <rect className="layout-preview-heading" x={box.x} y={box.y} width={box.w * 0.5} height={step * 0.4} rx={0.15} />
          {Array.from({ length: fields }, (_, i) => (
            <rect
              key={i}
              className="layout-preview-outline"
              x={box.x}
              y={box.y + (i + 0.8) * step}
              width={box.w}
              height={step * 0.6}
              rx={0.15}
              strokeWidth={STROKE}
            />
          ))}
          <rect className="layout-preview-button" x={box.x} y={box.y + (fields + 0.9) * step} width={Math.min(box.w, 4)} height={step * 0.5} rx={0.2} />
        </>
      );
    }
    default:
      return <rect className="layout-preview-outline" {...box} rx={0.2} strokeWidth={STROKE} strokeDasharray="0.3 0.3" />;
  }
}

/** The picture of `layout`, or of an empty section for 'blank'. */
export function LayoutPreview({ layout }: { layout: SectionLayoutKey | 'blank' }) {
  const section = layout === 'blank' ? undefined : sectionOf(layout);
  const blocks = section?.blocks ?? [];
  const height = Math.max(8, ...blocks.map((b) => (b.layout.desktop.y + b.layout.desktop.h) * ROW));
  return (
    <svg className={`layout-preview layout-preview--${section?.theme ?? 'blank'}`} viewBox={`-1 -1 26 ${height + 2}`} aria-hidden="true" focusable="false">
      {blocks.map((b) => (
        <g key={b.id}>{blockShapes(b)}</g>
      ))}
    </svg>
  );
}

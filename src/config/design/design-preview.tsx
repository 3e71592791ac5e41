/**
 * The Design screen's preview: a real page of the site in a frame, at a desktop's, a tablet's or a
 * phone's width scaled to fit, wearing the draft. The draft's stylesheet (design-css.ts, with its
 * font faces) goes into the frame's document as a constructed stylesheet, replaced on every change,
 * which the page's Content-Security-Policy does not block as it would a <style> element; the page's
 * own per-site stylesheet (the published design) is switched off there so the draft wins. The page
 * is opened with `noredirect`, so a signed-in team member stays on it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { QUERY } from '../../domain/routes';
import { words } from './design-words';

/** Each preview width, in CSS pixels. */
export const PREVIEW_WIDTHS = { desktop: 1280, tablet: 768, phone: 390 } as const;
type Device = keyof typeof PREVIEW_WIDTHS;

/** The stylesheet adopted by each document the frame has shown. */
const sheets = new WeakMap<Document, CSSStyleSheet>();

/** Puts `css` into the frame's document, replacing what was put there before, and turns the published design's stylesheet off. */
function dress(frame: HTMLIFrameElement | null, css: string): void {
  const doc = frame?.contentDocument;
  const win = doc?.defaultView;
  // Not (yet) a page of this origin: nothing to dress.
  if (!doc || !win || doc.URL === 'about:blank') return;
  let sheet = sheets.get(doc);
  if (!sheet) {
    // Made by the frame's own window: a document adopts only the sheets its window constructed.
    sheet = new (win as Window & typeof globalThis).CSSStyleSheet();
    sheets.set(doc, sheet);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
  sheet.replaceSync(css);
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/fonts/"]')) link.disabled = true;
}

/** An element's content box, kept current. */
function useSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function DesignPreview({ css, path, reload }: { css: string; path: string; reload: number }) {
  // On a phone the page is shown at a phone's width first: a desktop's would be too small to read.
  const [device, setDevice] = useState<Device>(() => (window.matchMedia(`(max-width: ${PREVIEW_WIDTHS.phone * 2}px)`).matches ? 'phone' : 'desktop'));
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const size = useSize(stage);
  // The frame's load reads the latest draft, not the one of the render that set it up.
  const latest = useRef(css);
  useEffect(() => {
    latest.current = css;
    dress(frame.current, css);
  }, [css]);

  const width = PREVIEW_WIDTHS[device];
  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  const src = `${path}${path.includes('?') ? '&' : '?'}${QUERY.NO_REDIRECT}`;
  return (
    <section className="design-preview" aria-labelledby="design-preview-title">
      <div className="design-preview-bar">
        <h2 id="design-preview-title">{words.preview}</h2>
        <div className="design-devices" role="group" aria-label={words.previewWidth}>
          {(Object.keys(PREVIEW_WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" className="secondary" aria-pressed={device === d} onClick={() => setDevice(d)}>
              {words.devices[d]}
            </button>
          ))}
        </div>
      </div>
      <p className="hint design-preview-hint">
        {words.previewHint} {`${width} px`}
        {scale < 1 ? `, ${Math.round(scale * 100)}%` : ''}.
      </p>
      <div className="design-preview-stage" ref={stage}>
        <iframe
          key={reload}
          ref={frame}
          className="design-preview-frame"
          title={words.previewFrame}
          src={src}
          style={{
            width: `${width}px`,
            height: `${Math.max(size.height, 1) / scale}px`,
            transform: `scale(${scale})`,
            left: `${Math.max(0, (size.width - width * scale) / 2)}px`,
          }}
          onLoad={() => dress(frame.current, latest.current)}
        />
      </div>
    </section>
  );
}

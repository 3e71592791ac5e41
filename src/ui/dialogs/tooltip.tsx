/**
 * The tooltip (seed 001 §9): shown TOOLTIP.DELAY_MS after the pointer rests on its target or the
 * target takes focus, hidden at once on leave, blur or Escape; 250 px wide, 15 px above the target
 * (below when there is no room), kept 20 px inside the viewport, fading over 0.3 s. The target is
 * described by it through aria-describedby.
 */
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { Z_INDEX } from '../../domain/design-tokens';
import { TOOLTIP } from '../../domain/popups';
import './dialogs.css';

export type TooltipProps = {
  text: string;
  /** One element, the target; it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
};

type Armed = { timer: ReturnType<typeof setTimeout>; onKeyDown: (event: KeyboardEvent) => void };

const noSubscription = () => () => {};

/** Centred on the target, above it if it fits, and clamped to the viewport's edge margin. */
function place(tip: HTMLElement, target: DOMRect) {
  const margin = TOOLTIP.EDGE_MARGIN_PX;
  const viewportWidth = document.documentElement.clientWidth;
  const left = Math.max(margin, Math.min(target.left + target.width / 2 - tip.offsetWidth / 2, viewportWidth - margin - tip.offsetWidth));
  const above = target.top - TOOLTIP.OFFSET_PX - tip.offsetHeight;
  tip.style.left = `${left}px`;
  tip.style.top = `${above >= margin ? above : target.bottom + TOOLTIP.OFFSET_PX}px`;
}

export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const armed = useRef<Armed | null>(null);
  // The tooltip is drawn in <body>, out of reach of any ancestor's overflow or stacking; portals
  // exist only in the browser, so on a server-rendered island it appears after hydration.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  function disarm() {
    if (armed.current) {
      clearTimeout(armed.current.timer);
      document.removeEventListener('keydown', armed.current.onKeyDown, true);
      armed.current = null;
    }
    setShown(false);
  }

  function arm() {
    if (armed.current) return;
    // Escape dismisses it wherever focus is, as a hover-shown tooltip must be dismissible too.
    // It listens in the capture phase and claims the press (preventDefault), so page-wide Escape
    // handlers (a team member's Escape to the config area) see that it closed something.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      disarm();
    };
    document.addEventListener('keydown', onKeyDown, true);
    armed.current = { timer: setTimeout(() => setShown(true), TOOLTIP.DELAY_MS), onKeyDown };
  }

  useEffect(
    () => () => {
      if (armed.current) {
        clearTimeout(armed.current.timer);
        document.removeEventListener('keydown', armed.current.onKeyDown, true);
      }
    },
    [],
  );

  useLayoutEffect(() => {
    const tip = tipRef.current;
    const target = anchorRef.current?.firstElementChild;
    if (!tip) return;
    tip.style.zIndex = String(Z_INDEX.DIALOG_BASE + 1);
    if (shown && target) place(tip, target.getBoundingClientRect());
  }, [shown, inBrowser]);

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <span ref={anchorRef} className="op-tooltip-anchor" onPointerEnter={arm} onPointerLeave={disarm} onFocus={arm} onBlur={disarm}>
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {inBrowser &&
        createPortal(
          <div ref={tipRef} id={id} role="tooltip" className={`op-tooltip${shown ? ' is-shown' : ''}`}>
            {text}
          </div>,
          document.body,
        )}
    </span>
  );
}

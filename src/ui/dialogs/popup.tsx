/**
 * The modal layer every popup and the system error panel are built on (seed 001 §4, §8): its own
 * container appended to <body> at the dialog base z-index, a box with its role, aria-modal and the
 * title as its name, focus moved in, kept in and given back, Escape and an overlay click that
 * cancel, and a hide that ends with the stylesheet's transition or after POPUP.HIDE_FALLBACK_MS at
 * the latest. By default a popup then destroys itself: its content unmounts and its container
 * leaves the page.
 */
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Z_INDEX } from '../../domain/design-tokens';
import { POPUP, type PopupEvent } from '../../domain/popups';
import './dialogs.css';

/** What the visitor chose. */
export type PopupOutcome = Exclude<PopupEvent, 'show' | 'hide'>;

/**
 * The seed's five events, as React callbacks rather than an emitter: the outcome's own callback
 * fires the moment the visitor chooses, onHide once hiding has ended, with that outcome (null when
 * the page closed the popup through `open`).
 */
export type PopupEvents = {
  onShow?: () => void;
  onConfirm?: () => void;
  onReject?: () => void;
  onCancel?: () => void;
  onHide?: (outcome: PopupOutcome | null) => void;
};

export type PopupShowing = {
  /**
   * Shown while true (the default). A change to false hides it without an outcome; a change to
   * true shows it again, so a parent that reopens a popup sets this false in onHide.
   */
  open?: boolean;
  /** True by default: hidden, the popup leaves the page; false keeps it there, hidden, to open again. */
  destroyOnHide?: boolean;
};

type PopupProps = PopupEvents &
  PopupShowing & {
    role: 'dialog' | 'alertdialog';
    placement: 'center' | 'top-right' | 'full-page';
    /** Names the dialog when given; otherwise the text does. */
    title?: ReactNode;
    text: ReactNode;
    actions?: (close: (outcome: PopupOutcome) => void) => ReactNode;
    /** The information popup's auto-hide, which counts as confirm. */
    autoConfirmMs?: number;
  };

type Phase = 'shown' | 'hiding' | 'hidden';
type View = { phase: Phase; outcome: PopupOutcome | null; open: boolean };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Shown popups' boxes, newest last: only the newest traps focus and answers keys. */
const shownBoxes: HTMLElement[] = [];

function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** The longest transition (duration plus delay) the element runs, in ms. */
function transitionMs(el: Element | null): number {
  if (!el) return 0;
  const style = getComputedStyle(el);
  const delays = style.transitionDelay.split(',');
  const totals = style.transitionDuration.split(',').map((d, i) => parseFloat(d) + parseFloat(delays[i % delays.length] ?? '0'));
  return Math.max(0, ...totals) * 1000;
}

export function Popup({
  open = true,
  destroyOnHide = true,
  role,
  placement,
  title,
  text,
  actions,
  autoConfirmMs,
  onShow,
  onConfirm,
  onReject,
  onCancel,
  onHide,
}: PopupProps) {
  const titleId = useId();
  const textId = useId();
  const [view, setView] = useState<View>({ phase: open ? 'shown' : 'hidden', outcome: null, open });
  if (open !== view.open) {
    setView(open ? { phase: 'shown', outcome: null, open } : { ...view, open, phase: view.phase === 'shown' ? 'hiding' : view.phase });
  }
  const [container] = useState(() => {
    const el = document.createElement('div');
    el.className = 'op-dialog-root';
    el.style.zIndex = String(Z_INDEX.DIALOG_BASE);
    return el;
  });
  const boxRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const inPage = view.phase !== 'hidden' || !destroyOnHide;
  const shown = view.phase === 'shown';

  function close(outcome: PopupOutcome) {
    if (view.phase !== 'shown') return;
    ({ confirm: onConfirm, reject: onReject, cancel: onCancel })[outcome]?.();
    setView({ ...view, phase: 'hiding', outcome });
  }

  const showEvent = useEffectEvent(() => onShow?.());
  const hideEvent = useEffectEvent((outcome: PopupOutcome | null) => {
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    onHide?.(outcome);
  });
  const autoConfirm = useEffectEvent(() => close('confirm'));

  useLayoutEffect(() => {
    if (!inPage) return;
    document.body.append(container);
    return () => container.remove();
  }, [inPage, container]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!shown || !box) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    shownBoxes.push(box);
    (focusables(box)[0] ?? box).focus();
    // Focus that gets out anyway (a click on browser chrome, a screen reader's jump) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (shownBoxes.at(-1) === box && event.target instanceof Node && !box.contains(event.target)) (focusables(box)[0] ?? box).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    showEvent();
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      shownBoxes.splice(shownBoxes.indexOf(box), 1);
    };
  }, [shown]);

  useEffect(() => {
    if (!shown || autoConfirmMs === undefined) return;
    const timer = setTimeout(autoConfirm, autoConfirmMs);
    return () => clearTimeout(timer);
  }, [shown, autoConfirmMs]);

  useEffect(() => {
    if (view.phase !== 'hiding') return;
    const box = boxRef.current;
    const outcome = view.outcome;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      setView((v) => ({ ...v, phase: 'hidden' }));
      hideEvent(outcome);
    };
    const onEnd = (event: TransitionEvent) => {
      if (event.target === box) finish();
    };
    box?.addEventListener('transitionend', onEnd);
    // No transition (reduced motion) ends the hide at once; a transition that never reports its
    // end (interrupted, or longer than the seed allows) is cut off at the fallback.
    const timer = setTimeout(finish, Math.min(transitionMs(box), POPUP.HIDE_FALLBACK_MS));
    return () => {
      clearTimeout(timer);
      box?.removeEventListener('transitionend', onEnd);
    };
  }, [view.phase, view.outcome]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const box = boxRef.current;
    if (!box || shownBoxes.at(-1) !== box) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close('cancel');
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(box);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && (document.activeElement === first || document.activeElement === box)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!inPage) return null;
  return createPortal(
    <div className={`op-popup op-popup--${placement}${view.phase === 'hiding' ? ' is-hiding' : ''}`} hidden={view.phase === 'hidden'} onKeyDown={onKeyDown}>
      {placement !== 'full-page' && <div className="op-popup__overlay" onClick={() => close('cancel')} />}
      <div
        ref={boxRef}
        className="op-popup__box"
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : textId}
        aria-describedby={title ? textId : undefined}
        tabIndex={-1}
      >
        {title && (
          <h2 id={titleId} className="op-popup__title">
            {title}
          </h2>
        )}
        <div id={textId} className="op-popup__text">
          {text}
        </div>
        {actions && <div className="op-popup__actions">{actions(close)}</div>}
      </div>
    </div>,
    container,
  );
}

/**
 * A React root for a popup opened from outside React. Its own container is a detached fragment:
 * the popup draws into the container it appends to <body>, so that is the one element the page
 * gains, and loses again on hide.
 */
export function detachedRoot(): Root {
  return createRoot(document.createDocumentFragment());
}

/** Renders a popup from outside React; resolves with its outcome once it has hidden, then unmounts it. */
export function openDetached(render: (hidden: (outcome: PopupOutcome | null) => void) => ReactNode): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    const root = detachedRoot();
    root.render(
      render((outcome) => {
        root.unmount();
        resolve(outcome ?? 'cancel');
      }),
    );
  });
}

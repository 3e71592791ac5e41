/**
 * The system error panel (seed 001 §8): a full-page overlay with 'Reload Page' and 'Clear', in
 * three variants. A cleaned error shows 'Something Went Wrong!' and the long apology; a network
 * error the supplied text or 'Unable to connect to {provider}.  Please try again.', announces
 * `system-network-error` with the requested URL (the visitor runtime records it as the internal
 * event `system_network_error`, only on a tracked published page) and calls the `onNetworkError`
 * hook with it; any other error its message as the title, then the requested URL, the format in
 * upper case and the error key when there is one. It has no overlay beside it to click, so Escape is the keyboard's 'Clear'.
 * One panel at a time: a later error replaces the one on screen.
 */
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { INTERNAL_ANALYTICS_EVENTS } from '../../domain/analytics';
import { dialogs } from '../../messages/dialogs';
import { format } from '../../messages/format';
import { detachedRoot, Popup } from './popup';
import type { SystemErrorDetail, SystemErrorOptions } from './system-error-types';

export type SystemErrorPanelProps = SystemErrorOptions & {
  detail: SystemErrorDetail;
  /** After 'Clear' (or Escape) has hidden the panel. */
  onClear?: () => void;
};

function content(detail: SystemErrorDetail): { title?: string; text: ReactNode } {
  switch (detail.kind ?? 'other') {
    case 'cleaned':
      return { title: dialogs.systemErrorTitle, text: dialogs.systemErrorText };
    case 'network':
      return { text: detail.message || format(dialogs.systemErrorNetwork, { provider: detail.provider ?? location.host }) };
    case 'other':
      return {
        title: detail.message || dialogs.somethingWentWrong,
        text: (
          <>
            {detail.url && <p className="op-system-error__detail">{detail.url}</p>}
            {detail.format && <p>{detail.format.toUpperCase()}</p>}
            {detail.errorKey && <p className="op-system-error__detail">{detail.errorKey}</p>}
          </>
        ),
      };
  }
}

export function SystemErrorPanel({ detail, onNetworkError, onClear }: SystemErrorPanelProps) {
  const reportNetworkError = useEffectEvent(() => {
    window.dispatchEvent(new CustomEvent(INTERNAL_ANALYTICS_EVENTS.SYSTEM_NETWORK_ERROR, { detail: { urlRequested: detail.url } }));
    onNetworkError?.(detail.url);
  });
  useEffect(() => {
    if ((detail.kind ?? 'other') === 'network') reportNetworkError();
  }, [detail]);
  const { title, text } = content(detail);
  return (
    <Popup
      role="alertdialog"
      placement="full-page"
      title={title}
      text={text}
      onHide={() => onClear?.()}
      actions={(close) => (
        <>
          <button type="button" className="op-popup__button op-popup__button--primary" onClick={() => location.reload()}>
            {dialogs.systemErrorReload}
          </button>
          <button type="button" className="op-popup__button" onClick={() => close('cancel')}>
            {dialogs.systemErrorClear}
          </button>
        </>
      )}
    />
  );
}

let onScreen: { root: Root; waiting: (() => void)[] } | null = null;

/** Shows the panel outside React, or puts this error on the one already shown; resolves once cleared. */
export function openSystemError(detail: SystemErrorDetail, options: SystemErrorOptions = {}): Promise<void> {
  const panel = onScreen ?? (onScreen = { root: detachedRoot(), waiting: [] });
  return new Promise((resolve) => {
    panel.waiting.push(resolve);
    panel.root.render(
      <SystemErrorPanel
        detail={detail}
        onNetworkError={options.onNetworkError}
        onClear={() => {
          panel.root.unmount();
          if (onScreen === panel) onScreen = null;
          for (const done of panel.waiting) done();
        }}
      />,
    );
  });
}

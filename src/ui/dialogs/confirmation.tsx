/**
 * The confirmation popup (seed 001 §4): a title, a text and the buttons of its style:
 * confirm-or-reject, confirm-or-cancel (the default), confirm-only or no-buttons. Escape and an
 * overlay click cancel in every style. Buttons come least committal first, and focus starts on the
 * first, so a stray Enter does not confirm.
 */
import { DEFAULT_CONFIRMATION_STYLE, type ConfirmationStyle } from '../../domain/popups';
import { openDetached, Popup, type PopupEvents, type PopupOutcome, type PopupShowing } from './popup';

export type ConfirmationOptions = PopupEvents & {
  title?: string;
  text: string;
  style?: ConfirmationStyle;
  confirmLabel?: string;
  rejectLabel?: string;
  cancelLabel?: string;
};

export type ConfirmationPopupProps = ConfirmationOptions & PopupShowing;

const BUTTONS: Record<ConfirmationStyle, readonly PopupOutcome[]> = {
  'confirm-or-reject': ['reject', 'confirm'],
  'confirm-or-cancel': ['cancel', 'confirm'],
  'confirm-only': ['confirm'],
  'no-buttons': [],
};

export function ConfirmationPopup({
  title,
  text,
  style = DEFAULT_CONFIRMATION_STYLE,
  confirmLabel = 'Confirm',
  rejectLabel = 'Reject',
  cancelLabel = 'Cancel',
  ...rest
}: ConfirmationPopupProps) {
  const labels: Record<PopupOutcome, string> = { confirm: confirmLabel, reject: rejectLabel, cancel: cancelLabel };
  const buttons = BUTTONS[style];
  return (
    <Popup
      {...rest}
      role="alertdialog"
      placement="center"
      title={title}
      text={text}
      actions={
        buttons.length === 0
          ? undefined
          : (close) =>
              buttons.map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  className={`op-popup__button${outcome === 'confirm' ? ' op-popup__button--primary' : ''}`}
                  onClick={() => close(outcome)}
                >
                  {labels[outcome]}
                </button>
              ))
      }
    />
  );
}

/** Shows a confirmation outside React; resolves with the outcome once it has hidden. */
export function openConfirmation(opts: ConfirmationOptions): Promise<PopupOutcome> {
  return openDetached((hidden) => (
    <ConfirmationPopup
      {...opts}
      onHide={(outcome) => {
        opts.onHide?.(outcome);
        hidden(outcome);
      }}
    />
  ));
}

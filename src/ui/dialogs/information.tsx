/**
 * The information popup (seed 001 §4): no buttons, in the top-right corner, hiding itself after
 * POPUP.INFORMATION_AUTO_HIDE_MS, which counts as confirm. Escape or a click beside it cancels
 * sooner, as with every popup.
 */
import { POPUP } from '../../domain/popups';
import { openDetached, Popup, type PopupEvents, type PopupOutcome, type PopupShowing } from './popup';

export type InformationOptions = PopupEvents & { text: string; title?: string };

export function InformationPopup({ text, title, ...rest }: InformationOptions & PopupShowing) {
  return <Popup {...rest} role="dialog" placement={POPUP.INFORMATION_POSITION} title={title} text={text} autoConfirmMs={POPUP.INFORMATION_AUTO_HIDE_MS} />;
}

/** Shows an information popup outside React; resolves once it has hidden ('confirm' after the auto-hide). */
export function openInformation(opts: InformationOptions): Promise<PopupOutcome> {
  return openDetached((hidden) => (
    <InformationPopup
      {...opts}
      onHide={(outcome) => {
        opts.onHide?.(outcome);
        hidden(outcome);
      }}
    />
  ));
}

/** The alert popup (seed 001 §4): a confirmation with a single 'Okay' button. */
import { dialogs } from '../../messages/dialogs';
import { ConfirmationPopup } from './confirmation';
import { openDetached, type PopupEvents, type PopupOutcome, type PopupShowing } from './popup';

export type AlertOptions = PopupEvents & { text: string; title?: string };

export function AlertPopup(props: AlertOptions & PopupShowing) {
  return <ConfirmationPopup {...props} style="confirm-only" confirmLabel={dialogs.alertOkay} />;
}

/** Shows an alert outside React; resolves once it has hidden ('confirm' for 'Okay', 'cancel' for Escape). */
export function openAlert(opts: AlertOptions): Promise<PopupOutcome> {
  return openDetached((hidden) => (
    <AlertPopup
      {...opts}
      onHide={(outcome) => {
        opts.onHide?.(outcome);
        hidden(outcome);
      }}
    />
  ));
}

/**
 * The editor's confirmation before a change to what a page is (publish, discard, restore): a
 * title, what will change, Cancel, and the action — offered only when there is something to do.
 */
import { Popup } from '../../ui/dialogs/popup';

export function ConfirmChange({
  title,
  text,
  action,
  enabled = true,
  onConfirm,
  onHide,
}: {
  title: string;
  text: string;
  action: string;
  enabled?: boolean;
  onConfirm: () => void;
  onHide: () => void;
}) {
  return (
    <Popup
      title={title}
      text={text}
      role="dialog"
      placement="center"
      onConfirm={onConfirm}
      onHide={onHide}
      actions={(close) => [
        <button key="cancel" type="button" className="op-popup__button" onClick={() => close('cancel')}>
          Cancel
        </button>,
        <button key="confirm" type="button" className="op-popup__button op-popup__button--primary" disabled={!enabled} onClick={() => close('confirm')}>
          {action}
        </button>,
      ]}
    />
  );
}

/**
 * The image block's focal point, set on its picture as the Files screen sets a library image's
 * (src/ui/focal-picker.tsx): a click where the point goes, or the arrow keys; a link puts it back
 * in the centre. Browser code with no import of the config area.
 */
import { filesScreen } from '../../messages/files-screen';
import { FocalPicker, type FocalPoint } from '../../ui/focal-picker';
import type { CustomEditorProps } from '../fields';

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

export function FocalPointEditor({ id, value, data, onChange, errorAt, writable }: CustomEditorProps) {
  const focal = (value as FocalPoint | undefined) ?? CENTRE;
  const centred = focal.x === CENTRE.x && focal.y === CENTRE.y;
  const src = typeof data.src === 'string' ? data.src : '';
  const error = errorAt('');
  if (!src) return null;
  return (
    <>
      <FocalPicker id={id} src={src} focal={centred ? null : focal} onChange={onChange} disabled={!writable} />
      {!centred && writable ? (
        <p>
          <button type="button" className="link" onClick={() => onChange({ ...CENTRE })}>
            {filesScreen.focalReset}
          </button>
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

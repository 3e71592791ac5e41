/**
 * An image's focal point, set on the picture itself: a click puts it where it lands, the arrow
 * keys move it by FOCAL_STEP while the picture has focus. The Files screen sets a library image's
 * point with it, and the visual editor an image block's.
 */
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { filesScreen as words } from '../messages/files-screen';
import { format } from '../messages/format';

/** How far an arrow key moves the focal point: 5% of the image. */
const FOCAL_STEP = 0.05;

export type FocalPoint = { x: number; y: number };

const percent = (v: number) => Math.round(v * 100);
const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 100) / 100));

/** `focal` null: none set, the centre is used. `id` names the control's hint, unique on the screen. */
export function FocalPicker({
  id,
  src,
  width,
  height,
  focal,
  onChange,
  disabled,
}: {
  id: string;
  src: string;
  width?: number | undefined;
  height?: number | undefined;
  focal: FocalPoint | null;
  onChange: (f: FocalPoint) => void;
  disabled: boolean;
}) {
  const image = useRef<HTMLImageElement>(null);
  const shown = focal ?? { x: 0.5, y: 0.5 };
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space on the button fires a click with no position: the arrow keys move the point.
    if (e.detail === 0 || !image.current) return;
    const box = image.current.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange({ x: clamp(shown.x + move[0] * FOCAL_STEP), y: clamp(shown.y + move[1] * FOCAL_STEP) });
  };
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <p className="focal-label">{words.focalPoint}</p>
      <button
        type="button"
        id={id}
        className="focal-picker"
        disabled={disabled}
        aria-label={focal ? format(words.focalAt, { x: percent(focal.x), y: percent(focal.y) }) : words.focalCentre}
        aria-describedby={hintId}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <img ref={image} src={src} alt="" width={width} height={height} />
        <span className="focal-marker" aria-hidden="true" style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }} />
      </button>
      <p className="field-hint" id={hintId}>
        {words.focalHint}
      </p>
    </div>
  );
}

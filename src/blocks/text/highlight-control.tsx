/**
 * The text toolbar's highlight control (seed 001 §3 text highlight settings): a button that opens
 * a small modal dialog (the browser's <dialog>: focus moves in, stays in, Escape closes and focus
 * goes back to the button) holding every setting, each a labelled field with its default from the
 * domain. Applying sets the `highlight` mark on the selected words (or on the whole highlight the
 * caret is in); removing unsets it. Only types come from Tiptap here (./editor.tsx's rule).
 */
import type { Editor } from '@tiptap/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CURRENT_COLOR,
  HIGHLIGHT_ANIMATIONS,
  HIGHLIGHT_BLENDS,
  HIGHLIGHT_DEFAULTS,
  HIGHLIGHT_DIRECTIONS,
  HIGHLIGHT_DURATION_LIMITS_S,
  HIGHLIGHT_LINECAPS,
  HIGHLIGHT_OPACITY_LIMITS,
  HIGHLIGHT_SHAPES,
  HIGHLIGHT_THEME_COLORS,
  isHighlightColor,
  isHighlightThickness,
  type HighlightSettings,
} from '../../domain/text-highlight';
import { textHighlight as t } from '../../messages/text-highlight';

const SHAPE_LABELS: Record<HighlightSettings['shape'], string> = {
  circle: t.shapeCircle,
  cross: t.shapeCross,
  enclose: t.shapeEnclose,
  jagged: t.shapeJagged,
  marker: t.shapeMarker,
  scribble: t.shapeScribble,
  strike: t.shapeStrike,
  strikeDiagonal: t.shapeStrikeDiagonal,
  underline: t.shapeUnderline,
  underlineCurve: t.shapeUnderlineCurve,
  underlineDouble: t.shapeUnderlineDouble,
  wave: t.shapeWave,
};
const COLOR_LABELS: Record<string, string> = {
  [CURRENT_COLOR]: t.colorCurrent,
  accent: t.colorAccent,
  ink: t.colorInk,
  muted: t.colorMuted,
  dark: t.colorDark,
  light: t.colorLight,
  paper: t.colorPaper,
};
const LINECAP_LABELS: Record<HighlightSettings['linecap'], string> = { butt: t.linecapButt, round: t.linecapRound, square: t.linecapSquare };
const ANIMATION_LABELS: Record<HighlightSettings['animation'], string> = { draw: t.animationDraw, fade: t.animationFade, fadeScale: t.animationFadeScale };
const DIRECTION_LABELS: Record<HighlightSettings['direction'], string> = { right: t.directionRight, left: t.directionLeft };
const CUSTOM = 'custom';
const HEX6 = /^#[0-9a-f]{6}$/i;

/** The form's values: what the fields hold, as typed. */
type Draft = Omit<HighlightSettings, 'opacity' | 'duration' | 'color'> & { colorChoice: string; customColor: string; opacity: string; duration: string };

function draftOf(current: Partial<HighlightSettings>): Draft {
  const s = { ...HIGHLIGHT_DEFAULTS, ...current };
  const named = s.color in COLOR_LABELS;
  return { ...s, colorChoice: named ? s.color : CUSTOM, customColor: named ? '' : s.color, opacity: String(s.opacity), duration: String(s.duration) };
}

type Problems = Partial<Record<'customColor' | 'thickness' | 'opacity' | 'duration', string>>;

function settingsOf(d: Draft): { settings?: HighlightSettings; problems: Problems } {
  const problems: Problems = {};
  const color = d.colorChoice === CUSTOM ? d.customColor.trim() : d.colorChoice;
  if (d.colorChoice === CUSTOM && !(HEX6.test(color) && isHighlightColor(color))) problems.customColor = t.customColorInvalid;
  const thickness = d.thickness.trim();
  if (!isHighlightThickness(thickness)) problems.thickness = t.thicknessInvalid;
  const opacity = Number(d.opacity);
  if (d.opacity.trim() === '' || !(opacity >= HIGHLIGHT_OPACITY_LIMITS.min && opacity <= HIGHLIGHT_OPACITY_LIMITS.max)) problems.opacity = t.opacityInvalid;
  const duration = Number(d.duration);
  if (d.duration.trim() === '' || !(duration >= HIGHLIGHT_DURATION_LIMITS_S.min && duration <= HIGHLIGHT_DURATION_LIMITS_S.max))
    problems.duration = t.durationInvalid;
  if (Object.keys(problems).length > 0) return { problems };
  const { shape, linecap, blend, animation, direction, isAnimationEnabled } = d;
  return { settings: { shape, color, thickness, linecap, blend, opacity, animation, direction, duration, isAnimationEnabled }, problems };
}

/** Keeps the canvas's text selection: the press does not take focus from the words. */
const keepSelection = (event: React.MouseEvent) => event.preventDefault();

export function HighlightControl({ editor, writable }: { editor: Editor; writable: boolean }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf({}));
  const [problems, setProblems] = useState<Problems>({});
  const active = editor.isActive('highlight');
  const canApply = active || !editor.state.selection.empty;

  const open = () => {
    setDraft(draftOf(active ? (editor.getAttributes('highlight') as Partial<HighlightSettings>) : {}));
    setProblems({});
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const { settings, problems: found } = settingsOf(draft);
    setProblems(found);
    if (!settings || !canApply) return;
    close();
    editor.chain().focus().extendMarkRange('highlight').setMark('highlight', settings).run();
  };
  const remove = () => {
    close();
    editor.chain().focus().extendMarkRange('highlight').unsetMark('highlight').run();
  };
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const field = (name: keyof Problems) => {
    const problem = problems[name];
    return problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  };
  const problemText = (name: keyof Problems) =>
    problems[name] ? (
      <p className="form-error" id={`${id}-${name}-error`} role="alert">
        {problems[name]}
      </p>
    ) : null;

  const select = <K extends 'shape' | 'linecap' | 'blend' | 'animation' | 'direction' | 'colorChoice'>(
    key: K,
    label: string,
    options: readonly { value: string; label: string }[],
    disabled = false,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={draft[key] as string} disabled={disabled} onChange={(e) => set(key)(e.target.value as Draft[K])}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <button
        type="button"
        className="secondary text-tool"
        aria-pressed={active}
        aria-haspopup="dialog"
        title={t.buttonHint}
        disabled={!writable}
        onMouseDown={keepSelection}
        onClick={open}
      >
        {t.button}
      </button>
      <dialog ref={dialog} className="text-highlight-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`}>
        <form onSubmit={apply} noValidate>
          <h2 id={`${id}-title`}>{t.dialogTitle}</h2>
          <p className="hint" id={`${id}-hint`}>
            {canApply ? t.dialogHint : t.noSelection}
          </p>
          {select(
            'shape',
            t.shape,
            HIGHLIGHT_SHAPES.map((s) => ({ value: s, label: SHAPE_LABELS[s] })),
          )}
          {select('colorChoice', t.color, [
            ...[CURRENT_COLOR, ...HIGHLIGHT_THEME_COLORS].map((c) => ({ value: c, label: COLOR_LABELS[c]! })),
            { value: CUSTOM, label: t.colorCustom },
          ])}
          {draft.colorChoice === CUSTOM ? (
            <div className="field">
              <label htmlFor={`${id}-customColor`}>{t.customColor}</label>
              <input
                id={`${id}-customColor`}
                type="text"
                value={draft.customColor}
                onChange={(e) => set('customColor')(e.target.value)}
                {...field('customColor')}
              />
              {problemText('customColor')}
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-thickness`}>{t.thickness}</label>
            <p className="hint" id={`${id}-thickness-hint`}>
              {t.thicknessHint}
            </p>
            <input
              id={`${id}-thickness`}
              type="text"
              value={draft.thickness}
              onChange={(e) => set('thickness')(e.target.value)}
              {...field('thickness')}
              aria-describedby={problems.thickness ? `${id}-thickness-hint ${id}-thickness-error` : `${id}-thickness-hint`}
            />
            {problemText('thickness')}
          </div>
          {select(
            'linecap',
            t.linecap,
            HIGHLIGHT_LINECAPS.map((l) => ({ value: l, label: LINECAP_LABELS[l] })),
          )}
          {select(
            'blend',
            t.blend,
            HIGHLIGHT_BLENDS.map((b) => ({ value: b, label: b === 'none' ? t.blendNone : b })),
          )}
          <div className="field">
            <label htmlFor={`${id}-opacity`}>{t.opacity}</label>
            <input
              id={`${id}-opacity`}
              type="number"
              min={HIGHLIGHT_OPACITY_LIMITS.min}
              max={HIGHLIGHT_OPACITY_LIMITS.max}
              step={0.05}
              value={draft.opacity}
              onChange={(e) => set('opacity')(e.target.value)}
              {...field('opacity')}
            />
            {problemText('opacity')}
          </div>
          <label className="check">
            <input type="checkbox" checked={draft.isAnimationEnabled} onChange={(e) => set('isAnimationEnabled')(e.target.checked)} /> {t.animate}
          </label>
          {select(
            'animation',
            t.animation,
            HIGHLIGHT_ANIMATIONS.map((a) => ({ value: a, label: ANIMATION_LABELS[a] })),
            !draft.isAnimationEnabled,
          )}
          {select('direction', t.direction, HIGHLIGHT_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] })).reverse(), !draft.isAnimationEnabled)}
          <div className="field">
            <label htmlFor={`${id}-duration`}>{t.duration}</label>
            <input
              id={`${id}-duration`}
              type="number"
              min={HIGHLIGHT_DURATION_LIMITS_S.min}
              max={HIGHLIGHT_DURATION_LIMITS_S.max}
              step={0.05}
              value={draft.duration}
              disabled={!draft.isAnimationEnabled}
              onChange={(e) => set('duration')(e.target.value)}
              {...field('duration')}
            />
            {problemText('duration')}
          </div>
          <div className="button-row">
            <button type="submit" disabled={!canApply}>
              {active ? t.update : t.apply}
            </button>
            {active ? (
              <button type="button" className="secondary" onClick={remove}>
                {t.remove}
              </button>
            ) : null}
            <button type="button" className="secondary" onClick={close}>
              {t.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/**
 * Design → Type, Spacing, Buttons and Animations: the type scale per breakpoint with its headings
 * shown at their sizes, the spacing of sections and blocks, the buttons' shape, style and size on
 * each colour theme, and how sections come into view. Every value within the document's limits
 * (TYPE_LIMITS, SPACING_LIMITS).
 */
import { useId } from 'react';
import { BUTTON_SHAPES, BUTTON_SIZES, BUTTON_STYLES, COLOR_THEME_IDS, SITE_ANIMATIONS, SPACING_LIMITS, TYPE_LIMITS } from '../../document/design';
import { paletteColorsOf } from '../../document/design-css';
import { Choice, FieldError, useFieldError, type PanelProps } from './design-fields';
import { words } from './design-words';
import { themeSample } from './palette-names';
import { sampleFont } from './sample-fonts';

/** A value chosen on a slider within its limits, shown beside it. */
function Slider({
  label,
  hint,
  value,
  min,
  max,
  step,
  unit,
  path,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit: string;
  path: string;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const error = useFieldError(path);
  return (
    <div className="design-slider">
      <label htmlFor={id}>{label}</label>
      <div className="design-slider-row">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-valuetext={`${value}${unit}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-limits${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={id}>{`${value}${unit}`}</output>
      </div>
      <p className="field-hint" id={`${id}-limits`}>
        {hint ? `${hint} ` : ''}
        {`${min}${unit} to ${max}${unit}.`}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const HEADING_POWERS = [4, 3, 2, 1, 0] as const;

export function TypePanel({ design, update, writable }: PanelProps) {
  return (
    <section className="design-group" aria-labelledby="type-title">
      <h2 id="type-title">Type</h2>
      <p className="hint">{words.typeHint}</p>
      {(['desktop', 'phone'] as const).map((device) => {
        const step = design.type[device];
        return (
          <fieldset key={device} className="type-device" disabled={!writable}>
            <legend>{words.typeDevices[device]}</legend>
            <Slider
              label={words.baseSize}
              value={step.baseSizePx}
              {...TYPE_LIMITS.baseSizePx}
              step={0.5}
              unit=" px"
              path={`design.type.${device}.baseSizePx`}
              disabled={!writable}
              onChange={(v) =>
                update((d) => {
                  d.type[device].baseSizePx = v;
                })
              }
            />
            <Slider
              label={words.ratioLabel}
              value={step.ratio}
              {...TYPE_LIMITS.ratio}
              step={0.01}
              unit=""
              path={`design.type.${device}.ratio`}
              disabled={!writable}
              onChange={(v) =>
                update((d) => {
                  d.type[device].ratio = v;
                })
              }
            />
            <ol className="type-scale">
              {HEADING_POWERS.map((power, i) => {
                const size = step.baseSizePx * step.ratio ** power;
                return (
                  <li key={power}>
                    <span className="type-scale-label">
                      {words.typeLevels[i]} · {words.px(size)}
                    </span>
                    <span className="type-scale-sample" style={{ fontSize: `${size}px`, ...sampleFont(design, power === 0 ? 'body' : 'heading') }}>
                      {power === 0 ? words.fontSample.body : words.fontSample.heading}
                    </span>
                  </li>
                );
              })}
            </ol>
          </fieldset>
        );
      })}
    </section>
  );
}

export function SpacingPanel({ design, update, writable }: PanelProps) {
  return (
    <section className="design-group" aria-labelledby="spacing-title">
      <h2 id="spacing-title">Spacing</h2>
      <p className="hint">{words.spacingHint}</p>
      <fieldset disabled={!writable} className="design-plain">
        <legend className="visually-hidden">Spacing</legend>
        {(['sectionPaddingPx', 'blockGapPx', 'contentWidthPx'] as const).map((key) => (
          <Slider
            key={key}
            label={words.spacing[key]}
            hint={words.spacingHints[key]}
            value={design.spacing[key]}
            {...SPACING_LIMITS[key]}
            step={1}
            unit=" px"
            path={`design.spacing.${key}`}
            disabled={!writable}
            onChange={(v) =>
              update((d) => {
                d.spacing[key] = v;
              })
            }
          />
        ))}
      </fieldset>
      <div className="spacing-sample" aria-hidden="true">
        <div className="spacing-sample-section" style={{ paddingBlock: `${design.spacing.sectionPaddingPx / 4}px` }}>
          <div className="spacing-sample-blocks" style={{ gap: `${design.spacing.blockGapPx / 2}px` }}>
            <span />
            <span />
            <span />
          </div>
        </div>
        <div className="spacing-sample-section" style={{ paddingBlock: `${design.spacing.sectionPaddingPx / 4}px` }}>
          <div className="spacing-sample-blocks" style={{ gap: `${design.spacing.blockGapPx / 2}px` }}>
            <span />
            <span />
          </div>
        </div>
      </div>
    </section>
  );
}

export function ButtonsPanel({ design, update, writable }: PanelProps) {
  const palette = paletteColorsOf(design);
  const { shape, style, size } = design.buttons;
  const errors = { shape: useFieldError('design.buttons.shape'), style: useFieldError('design.buttons.style'), size: useFieldError('design.buttons.size') };
  return (
    <section className="design-group" aria-labelledby="buttons-title">
      <h2 id="buttons-title">Buttons</h2>
      <p className="hint">{words.buttonsHint}</p>
      <Choice
        legend={words.shape}
        name="button-shape"
        value={shape}
        disabled={!writable}
        error={errors.shape}
        compact
        options={BUTTON_SHAPES.map((v) => ({ value: v, label: words.shapes[v] }))}
        onChange={(v) =>
          update((d) => {
            d.buttons.shape = v;
          })
        }
      />
      <Choice
        legend={words.style}
        name="button-style"
        value={style}
        disabled={!writable}
        error={errors.style}
        compact
        options={BUTTON_STYLES.map((v) => ({ value: v, label: words.styles[v] }))}
        onChange={(v) =>
          update((d) => {
            d.buttons.style = v;
          })
        }
      />
      <Choice
        legend={words.size}
        name="button-size"
        value={size}
        disabled={!writable}
        error={errors.size}
        compact
        options={BUTTON_SIZES.map((v) => ({ value: v, label: words.sizes[v] }))}
        onChange={(v) =>
          update((d) => {
            d.buttons.size = v;
          })
        }
      />
      <p className="design-subhead">{words.buttonSamples}</p>
      <ul className="button-samples">
        {COLOR_THEME_IDS.map((id) => {
          const c = themeSample(design.colorThemes[id], palette);
          return (
            <li key={id} style={{ background: c.background, color: c.text }}>
              <span className="button-sample-theme">{words.themeNames[id]}</span>
              <span
                className={`button-sample button-sample--${shape} button-sample--${size}`}
                style={{
                  ...sampleFont(design, 'button'),
                  background: style === 'fill' ? c.button : 'transparent',
                  color: style === 'fill' ? c.buttonText : c.button,
                  borderColor: c.button,
                }}
              >
                {words.fontSample.button}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AnimationsPanel({ design, update, writable }: PanelProps) {
  const error = useFieldError('design.animation');
  return (
    <section className="design-group" aria-labelledby="animations-title">
      <h2 id="animations-title">Animations</h2>
      <p className="hint">{words.animationsHint}</p>
      <Choice
        legend={words.animation}
        name="animation"
        value={design.animation}
        disabled={!writable}
        error={error}
        options={SITE_ANIMATIONS.map((v) => ({ value: v, label: words.animations[v][0], hint: words.animations[v][1] }))}
        onChange={(v) =>
          update((d) => {
            d.animation = v;
          })
        }
      />
      <div className="animation-demo" aria-hidden="true">
        {/* Keyed by the choice, so each choice plays once as it is made. */}
        <span key={design.animation} className={`animation-demo-card animation-demo-card--${design.animation}`} />
      </div>
      <p className="hint">{words.reducedMotion}</p>
    </section>
  );
}

/**
 * Design → Colours: the palette (seed 001 §3's four modes: a preset from a starting colour, the
 * five colours chosen one by one, taken from an image of the site's files, or made from one colour),
 * the five safe colours derived from it, and the four colour themes sections wear, each shown as a
 * sample with its readability checks.
 */
import { useId, useState } from 'react';
import { z } from 'zod';
import { paletteFromImageAnswer } from '../../contracts/design';
import {
  COLOR_THEME_IDS,
  PALETTE_COLOR_THEMES,
  paletteValueSchema,
  SWATCH_KEYS,
  type ColorThemeId,
  type ColorReference,
  type ColorTheme,
  type Design,
  type ThemeColorRef,
} from '../../document/design';
import { cssColor, paletteColorsOf, resolveColor, type PaletteColors } from '../../document/design-css';
import { PALETTE_MODES, PALETTE_PRESETS, type PaletteColorId } from '../../domain/palette';
import { paletteValueFromHex, paletteValueToHex, rgbToHex } from '../../domain/palette-color';
import { paletteFromColor, paletteFromPreset, type PaletteSwatches } from '../../domain/palette-generator';
import { call } from '../shared/api';
import { LibraryImageButton } from '../shared/file-picker';
import { errorText } from '../shared/ui';
import { Choice, FieldError, hexOf, HexColourInput, useFieldError, type PanelProps } from './design-fields';
import { words } from './design-words';
import { contrastChecks, PALETTE_NAMES, PALETTE_ORDER, SAFE_IDS, SWATCH_NAMES, themeSample } from './palette-names';

const BLACK = { r: 0, g: 0, b: 0, alpha: 1 };

/** The five swatches lightest first, as a strip of colour. */
function Strip({ swatches }: { swatches: PaletteSwatches }) {
  return (
    <span className="palette-strip" aria-hidden="true">
      {SWATCH_KEYS.map((key) => (
        <span key={key} style={{ background: paletteValueToHex(swatches[key]) }} />
      ))}
    </span>
  );
}

/**
 * A palette made for the owner (a preset, one colour, an image) comes with its own colour themes:
 * every text, link and button a safe colour of it, so the new palette reads whatever it is.
 */
const paletteThemes = () => structuredClone(PALETTE_COLOR_THEMES) as Design['colorThemes'];

export function ColoursPanel(props: PanelProps) {
  return (
    <div className="design-group">
      <h2>Colours</h2>
      <PaletteEditor {...props} />
      <ThemesEditor {...props} />
    </div>
  );
}

function PaletteEditor({ design, update, writable }: PanelProps) {
  const { palette } = design;
  const seed = hexOf(palette.seed ?? '') ?? paletteValueToHex(palette.swatches.bright);
  const colours = paletteColorsOf(design);
  const seedError = useFieldError('design.palette.seed');
  return (
    <section className="design-subsection" aria-labelledby="palette-title">
      <h3 id="palette-title">{words.palette}</h3>
      <p className="hint">{words.paletteHint}</p>
      <Choice
        legend={words.paletteMode}
        name="palette-mode"
        value={palette.mode}
        disabled={!writable}
        options={PALETTE_MODES.map((mode) => ({ value: mode, label: mode, hint: words.modeHints[mode] }))}
        onChange={(mode) =>
          update((d) => {
            d.palette.mode = mode;
            // A palette from one colour follows that colour: choosing the mode makes it.
            if (mode === 'From Color') {
              d.palette.seed = seed;
              d.palette.swatches = paletteFromColor(seed);
              d.colorThemes = paletteThemes();
            }
          })
        }
      />
      {palette.mode === 'Presets' ? (
        <div className="design-mode">
          <p className="design-subhead">{words.seed}</p>
          <HexColourInput
            label={words.seed}
            codeLabel={words.seedHex}
            value={seed}
            disabled={!writable}
            error={seedError}
            onChange={(hex) =>
              update((d) => {
                d.palette.seed = hex;
                if (d.palette.preset) {
                  d.palette.swatches = paletteFromPreset(d.palette.preset, hex);
                  d.colorThemes = paletteThemes();
                }
              })
            }
          />
          <p className="design-subhead" id="presets-title">
            {words.presets}
          </p>
          <ul className="preset-list" aria-labelledby="presets-title">
            {PALETTE_PRESETS.map((preset) => (
              <li key={preset}>
                <button
                  type="button"
                  className="preset"
                  aria-pressed={palette.preset === preset}
                  disabled={!writable}
                  onClick={() =>
                    update((d) => {
                      d.palette.mode = 'Presets';
                      d.palette.preset = preset;
                      d.palette.seed = seed;
                      d.palette.swatches = paletteFromPreset(preset, seed);
                      d.colorThemes = paletteThemes();
                    })
                  }
                >
                  <span className="preset-name">{preset}</span>
                  <Strip swatches={paletteFromPreset(preset, seed)} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : palette.mode === 'From Color' ? (
        <div className="design-mode">
          <p className="design-subhead">{words.seed}</p>
          <HexColourInput
            label={words.seed}
            codeLabel={words.seedHex}
            value={seed}
            disabled={!writable}
            onChange={(hex) =>
              update((d) => {
                d.palette.seed = hex;
                d.palette.swatches = paletteFromColor(hex);
                d.colorThemes = paletteThemes();
              })
            }
          />
        </div>
      ) : palette.mode === 'From Image' ? (
        <FromImage update={update} writable={writable} />
      ) : null}
      <Swatches design={design} update={update} writable={writable && palette.mode === 'Custom Colors'} />
      <div className="design-subgroup">
        <p className="design-subhead">{words.safeColours}</p>
        <p className="hint">{words.safeHint}</p>
        <ul className="swatch-list">
          {SAFE_IDS.map((id) => (
            <li key={id} className="swatch">
              <span className="swatch-chip" style={{ background: cssColor(colours[id]) }} aria-hidden="true" />
              <span className="swatch-name">{PALETTE_NAMES[id]}</span>
              <code className="swatch-code">{rgbToHex(colours[id])}</code>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const imageSwatches = z.array(paletteValueSchema).length(5);

/** Mode From Image: an image of the site's files, read by the server for its five colours. */
function FromImage({ update, writable }: Pick<PanelProps, 'update' | 'writable'>) {
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<string>();
  const [error, setError] = useState<string>();
  return (
    <div className="design-mode">
      <LibraryImageButton
        label={words.chooseImage}
        disabled={!writable || reading}
        onPick={(image) => {
          setReading(true);
          setError(undefined);
          setRead(undefined);
          call(paletteFromImageAnswer, 'POST', '/api/config/design/palette-from-image', { file: image.src })
            .then(
              (answer) => {
                const [lightest, light, bright, dark, darkest] = imageSwatches.parse(answer.swatches);
                update((d) => {
                  d.palette.mode = 'From Image';
                  d.palette.swatches = { lightest: lightest!, light: light!, bright: bright!, dark: dark!, darkest: darkest! };
                  d.colorThemes = paletteThemes();
                });
                setRead(words.imageUsed(image.title || image.src.slice('/s/'.length)));
              },
              (err: unknown) => setError(errorText(err)),
            )
            .finally(() => setReading(false));
        }}
      />
      {reading ? (
        <p className="hint" role="status">
          {words.readingImage}
        </p>
      ) : null}
      {read ? (
        <p className="form-done" role="status">
          {read}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The five swatches: each its colour's name and code, changed one by one in mode Custom Colors. */
function Swatches({ design, update, writable }: PanelProps) {
  const errors = {
    lightest: useFieldError('design.palette.swatches.lightest'),
    light: useFieldError('design.palette.swatches.light'),
    bright: useFieldError('design.palette.swatches.bright'),
    dark: useFieldError('design.palette.swatches.dark'),
    darkest: useFieldError('design.palette.swatches.darkest'),
  };
  const custom = design.palette.mode === 'Custom Colors';
  return (
    <div className="design-subgroup">
      <p className="design-subhead">{words.swatches}</p>
      {custom ? null : <p className="hint">{words.swatchesCustomHint}</p>}
      <ul className="swatch-list">
        {SWATCH_KEYS.map((key) => {
          const hex = paletteValueToHex(design.palette.swatches[key]);
          const name = SWATCH_NAMES[key];
          return (
            <li key={key} className={`swatch${custom ? ' swatch--edit' : ''}`}>
              <span className="swatch-chip" style={{ background: hex }} aria-hidden="true" />
              <span className="swatch-name">{name}</span>
              {custom ? (
                <HexColourInput
                  label={words.swatchColour(name)}
                  codeLabel={words.swatchHex(name)}
                  value={hex}
                  disabled={!writable}
                  error={errors[key]}
                  onChange={(next) =>
                    update((d) => {
                      d.palette.swatches[key] = { ...paletteValueFromHex(next), alpha: d.palette.swatches[key].alpha };
                    })
                  }
                />
              ) : (
                <>
                  <code className="swatch-code">{hex}</code>
                  <FieldError id={`swatch-${key}-error`} message={errors[key]} />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ThemesEditor({ design, update, writable }: PanelProps) {
  const palette = paletteColorsOf(design);
  return (
    <section className="design-subsection" aria-labelledby="themes-title">
      <h3 id="themes-title">{words.themes}</h3>
      <p className="hint">{words.themesHint}</p>
      <div className="theme-cards">
        {COLOR_THEME_IDS.map((id) => (
          <ThemeCard key={id} id={id} theme={design.colorThemes[id]} palette={palette} update={update} writable={writable} />
        ))}
      </div>
      {writable ? (
        <p>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              update((d) => {
                d.colorThemes = paletteThemes();
              })
            }
          >
            {words.paletteThemes}
          </button>
        </p>
      ) : null}
    </section>
  );
}

const MAIN_ROLES = ['background', 'heading', 'text', 'link', 'button', 'buttonText'] as const;
const HOVER_ROLES = ['buttonHover', 'buttonTextHover'] as const;
type Role = (typeof MAIN_ROLES)[number] | (typeof HOVER_ROLES)[number];

function ThemeCard({
  id,
  theme,
  palette,
  update,
  writable,
}: {
  id: ColorThemeId;
  theme: ColorTheme;
  palette: PaletteColors;
  update: PanelProps['update'];
  writable: boolean;
}) {
  const sample = themeSample(theme, palette);
  const set = (role: Role, ref: ThemeColorRef | undefined) =>
    update((d) => {
      if (ref) d.colorThemes[id][role] = ref;
      else delete d.colorThemes[id][role];
    });
  return (
    <fieldset className="theme-card" disabled={!writable}>
      <legend>{words.themeNames[id]}</legend>
      <div className="theme-sample" style={{ background: sample.background, color: sample.text }}>
        <p className="theme-sample-heading" style={{ color: sample.heading }}>
          {words.sampleHeading}
        </p>
        <p className="theme-sample-text">
          {words.sampleText}{' '}
          <span className="theme-sample-link" style={{ color: sample.link }}>
            {words.sampleLink}
          </span>
          .
        </p>
        <span className="theme-sample-button" style={{ background: sample.button, color: sample.buttonText }}>
          {words.sampleButton}
        </span>
      </div>
      <ul className="contrast-list">
        {contrastChecks(theme, palette).map((check) => (
          <li key={check.pair} className={`contrast contrast--${check.passes ? 'ok' : 'low'}`}>
            <span className="contrast-pair">{words.contrast[check.pair]}</span> <strong>{words.ratio(check.ratio)}</strong>{' '}
            <span className="contrast-badge">{check.passes ? words.passes : words.fails}</span>
          </li>
        ))}
      </ul>
      <div className="theme-colours">
        {MAIN_ROLES.map((role) => (
          <ColourRef key={role} theme={id} role={role} value={theme[role]} palette={palette} onChange={(ref) => set(role, ref)} />
        ))}
      </div>
      <details className="theme-hover">
        <summary>{words.hoverColours}</summary>
        <div className="theme-colours">
          {HOVER_ROLES.map((role) => (
            <ColourRef key={role} theme={id} role={role} value={theme[role]} palette={palette} optional onChange={(ref) => set(role, ref)} />
          ))}
        </div>
      </details>
    </fieldset>
  );
}

/** A theme's colour: one of the palette's ten, a colour of the owner's own (any CSS form), or, where it may be, worked out. */
function ColourRef({
  theme,
  role,
  value,
  palette,
  optional = false,
  onChange,
}: {
  theme: ColorThemeId;
  role: Role;
  /** THEME_COLOR (a hover colour's): worked out, as when left out. */
  value: ColorReference | undefined;
  palette: PaletteColors;
  optional?: boolean;
  onChange: (ref: ThemeColorRef | undefined) => void;
}) {
  const selectId = useId();
  const errorId = useId();
  const error = useFieldError(`design.colorThemes.${theme}.${role}`);
  const label = words.roles[role];
  const resolved = value && value.type !== 'THEME_COLOR' ? resolveColor(value, palette, BLACK) : undefined;
  const choice = !value || value.type === 'THEME_COLOR' ? 'auto' : value.type === 'SITE_PALETTE_COLOR' ? value.sitePaletteColor.id : 'custom';
  return (
    <div className="colour-ref">
      <label htmlFor={selectId}>{label}</label>
      <div className="colour-ref-row">
        <span className="swatch-chip" style={{ background: resolved ? cssColor(resolved) : 'transparent' }} aria-hidden="true" />
        <select
          id={selectId}
          value={choice}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const next = e.target.value;
            if (next === 'auto') onChange(undefined);
            else if (next === 'custom') onChange({ type: 'CUSTOM_COLOR', customColor: rgbToHex(resolved ?? BLACK) });
            else onChange({ type: 'SITE_PALETTE_COLOR', sitePaletteColor: { id: next as PaletteColorId, alpha: 1 } });
          }}
        >
          {optional ? <option value="auto">{words.automatic}</option> : null}
          {PALETTE_ORDER.map((id) => (
            <option key={id} value={id}>
              {PALETTE_NAMES[id]}
            </option>
          ))}
          <option value="custom">{words.customColour}</option>
        </select>
      </div>
      {value?.type === 'CUSTOM_COLOR' ? (
        <div className="colour-input">
          <input
            type="color"
            aria-label={words.customPicker(label)}
            value={rgbToHex(resolved ?? BLACK)}
            onChange={(e) => onChange({ type: 'CUSTOM_COLOR', customColor: e.target.value })}
          />
          <input
            className="colour-code"
            aria-label={words.customCode(label)}
            value={value.customColor}
            spellCheck={false}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange({ type: 'CUSTOM_COLOR', customColor: e.target.value })}
          />
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

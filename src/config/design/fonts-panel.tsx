/**
 * Design → Fonts: the headings', body text's and buttons' fonts, each picked from the families
 * offered grouped by their seed 001 §3 category, at one of the family's weights, with a sample of
 * text in it (./sample-fonts.ts).
 */
import { useId } from 'react';
import type { Design } from '../../document/design';
import { FONT_CATEGORIES } from '../../domain/design-tokens';
import { FONT_FAMILIES, fontFamily, type FontFamily } from '../../domain/fonts';
import { FieldError, useFieldError, type PanelProps } from './design-fields';
import { words } from './design-words';
import { sampleFont } from './sample-fonts';

type FontRole = keyof Design['fonts'];
const ROLES: readonly FontRole[] = ['heading', 'body', 'button'];

/** The family's weight nearest `weight`. */
function nearestWeight(family: FontFamily, weight: number): number {
  return [...family.weights].sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight) || a - b)[0]!;
}

export function FontsPanel({ design, update, writable }: PanelProps) {
  return (
    <section className="design-group" aria-labelledby="fonts-title">
      <h2 id="fonts-title">Fonts</h2>
      <p className="hint">{words.fontsHint}</p>
      {ROLES.map((role) => (
        <FontPicker key={role} role={role} design={design} update={update} writable={writable} />
      ))}
    </section>
  );
}

function FontPicker({ role, design, update, writable }: PanelProps & { role: FontRole }) {
  const choice = design.fonts[role];
  const family = fontFamily(choice.family);
  const fontId = useId();
  const weightId = useId();
  const familyError = useFieldError(`design.fonts.${role}.family`);
  const weightError = useFieldError(`design.fonts.${role}.weight`);
  return (
    <fieldset className="font-picker" disabled={!writable}>
      <legend>{words.fontRoles[role]}</legend>
      <div className="font-picker-fields">
        <label>
          {words.font}
          <select
            value={choice.family}
            aria-invalid={familyError ? true : undefined}
            aria-describedby={familyError ? fontId : undefined}
            onChange={(e) => {
              const next = fontFamily(e.target.value);
              if (!next) return;
              update((d) => {
                d.fonts[role] = { family: next.id, weight: nearestWeight(next, d.fonts[role].weight) };
              });
            }}
          >
            {FONT_CATEGORIES.map((category) => (
              <optgroup key={category} label={category}>
                {FONT_FAMILIES.filter((f) => f.category === category).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          {words.weight}
          <select
            value={choice.weight}
            aria-invalid={weightError ? true : undefined}
            aria-describedby={weightError ? weightId : undefined}
            onChange={(e) => {
              const weight = Number(e.target.value);
              update((d) => {
                d.fonts[role].weight = weight;
              });
            }}
          >
            {(family?.weights ?? [choice.weight]).map((w) => (
              <option key={w} value={w}>
                {`${words.weights[w] ?? w} (${w})`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FieldError id={fontId} message={familyError} />
      <FieldError id={weightId} message={weightError} />
      <p className={`font-sample font-sample--${role}`} style={sampleFont(design, role)}>
        {role === 'button' ? <span className="font-sample-button">{words.fontSample.button}</span> : words.fontSample[role]}
      </p>
      {family ? <p className="font-category">{family.category}</p> : null}
    </fieldset>
  );
}

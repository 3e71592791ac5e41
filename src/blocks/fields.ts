/**
 * The editor's description of a block kind's editable properties, as data (Puck's `fields`): for
 * each property its control (text, link, textarea, number, select, checkbox, lines, list, object, or a
 * named custom editor), its label and hint, the tab or group it sits in, and the bounds the data
 * schema sets (lengths, ranges, choices, whether it may be left out), read from the schema by
 * `describeFields` so they are never written twice. The config area renders any kind's fields from
 * this (src/config/shared/block-fields.tsx); a kind whose property needs more than these controls names a
 * custom editor, which the kind's editor.tsx provides (src/blocks/editors.ts lists them).
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { HtmlKind } from './html';

type Common = {
  label: string;
  hint?: string;
  /** The tab or group of the editor this property sits in (the form's build, storage … tabs). */
  group?: string;
  /** A heading the editor shows before this property, starting a part of its group. */
  heading?: string;
  /** The property may be left out: emptying its control removes it. */
  optional?: boolean;
};

export type TextField = Common & { type: 'text'; inputType?: 'text' | 'url' | 'email'; minLength?: number; maxLength?: number };
/** An address a visitor follows (seed 000 §5's link rules): edited with the config area's link picker. */
export type LinkField = Common & { type: 'link'; minLength?: number; maxLength?: number };
export type TextareaField = Common & {
  type: 'textarea';
  rows?: number;
  minLength?: number;
  maxLength?: number;
  /** Owner HTML, sanitised by this policy when saved. */ html?: HtmlKind;
};
export type NumberField = Common & { type: 'number'; min?: number; max?: number; integer?: boolean };
export type SelectField = Common & { type: 'select'; options: readonly { value: string; label: string }[] };
export type CheckboxField = Common & { type: 'checkbox' };
/** A list of short texts, edited one per line. */
export type LinesField = Common & { type: 'lines'; rows?: number; maxItems?: number; minItems?: number };
/** A list of items, each edited by `fields`, added as `newItem`, moved and removed. */
export type ListField = Common & {
  type: 'list';
  itemLabel: string;
  fields: Fields;
  newItem: Readonly<Record<string, unknown>>;
  minItems?: number;
  maxItems?: number;
};
/** A group of properties under one key (a form's `settings`). */
export type ObjectField = Common & { type: 'object'; fields: Fields };
/** A property edited by the custom editor of this name (src/blocks/editors.ts). */
export type CustomField = Common & { type: 'custom'; editor: string };

export type FieldDescription =
  | TextField
  | LinkField
  | TextareaField
  | NumberField
  | SelectField
  | CheckboxField
  | LinesField
  | ListField
  | ObjectField
  | CustomField;
export type Fields = Readonly<Record<string, FieldDescription>>;

/** A tab or group of a kind's editor, in display order, with what it says first. */
export type FieldGroup = { key: string; label: string; intro?: string };

/** The control props the config area's labelled field gives (id, aria-invalid, aria-describedby). */
export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
/** The config area's labelled field with its hint and error, handed to custom editors so every control reads alike. */
export type FieldFrame = (props: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  check?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) => ReactNode;

/** What a custom editor is given: its value, the whole block's data, and the generic renderer for nested properties. */
export type CustomEditorProps<V = unknown, D = Readonly<Record<string, unknown>>> = {
  id: string;
  label: string;
  value: V;
  /** The whole block's data, for editors whose choices depend on other properties. */
  data: D;
  /** `structural`: items moved, came or went (errors naming positions are then out of date). */
  onChange: (value: V, structural?: boolean) => void;
  /** The error messages at `path` (dot-separated, from this property; '' for the property itself) and below, joined; `exact`: at `path` only. */
  errorAt: (path: string, exact?: boolean) => string | undefined;
  /** Whether the signed-in role may change the block. */
  writable: boolean;
  Field: FieldFrame;
  /** Renders `fields` over `value` generically, as the config area renders any kind (paths of errors relative to `errorPath`). */
  renderFields: (props: {
    fields: Fields;
    value: Readonly<Record<string, unknown>>;
    onChange: (value: Record<string, unknown>) => void;
    idBase: string;
    errorPath: string;
  }) => ReactNode;
};

/** The group of the property at `path` (dot-separated, as the API names a refused value), or of the nearest property above it that has one. */
export function groupOf(fields: Fields, path: string): string | undefined {
  const keys = path.split('.');
  let current: Fields | undefined = fields;
  let group: string | undefined;
  for (let i = 0; i < keys.length && current; i++) {
    const d: FieldDescription | undefined = current[keys[i]!];
    if (!d) break;
    group = d.group ?? group;
    if (d.type === 'list') i++;
    current = d.type === 'object' || d.type === 'list' ? d.fields : undefined;
  }
  return group;
}

/* ---------- reading bounds from the schema ---------- */

type AnySchema = z.ZodType;
type Def = {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
  entries?: Record<string, string>;
};

const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, default and pipe wrappers, and whether a value may be left out. */
function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') {
      optional = true;
      inner = def.innerType!;
    } else if (def.type === 'pipe') inner = def.in!;
    else return { inner, optional };
  }
}

function lengthBounds(schema: AnySchema): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const check of defOf(schema).checks ?? []) {
    const c = check._zod.def;
    if ((c.check === 'min_length' || c.check === 'greater_than') && c.minimum !== undefined) out.min = c.minimum;
    if ((c.check === 'max_length' || c.check === 'less_than') && c.maximum !== undefined) out.max = c.maximum;
  }
  return out;
}

/** What the schema says about one property, merged into its description. */
function fromSchema(description: FieldDescription, schema: AnySchema): FieldDescription {
  const { inner, optional } = unwrap(schema);
  const def = defOf(inner);
  const base = { ...description, ...(optional ? { optional: true } : {}) };
  switch (base.type) {
    case 'text':
    case 'link':
    case 'textarea': {
      const s = inner as unknown as { minLength: number | null; maxLength: number | null };
      return {
        ...base,
        ...(s.minLength ? { minLength: s.minLength } : {}),
        ...(s.maxLength !== null && s.maxLength !== undefined ? { maxLength: s.maxLength } : {}),
      };
    }
    case 'number': {
      const n = inner as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      return {
        ...base,
        ...(n.minValue !== null ? { min: n.minValue } : {}),
        ...(n.maxValue !== null ? { max: n.maxValue } : {}),
        ...(n.isInt ? { integer: true } : {}),
      };
    }
    case 'select':
      if (base.options.length > 0 || !def.entries) return base;
      return { ...base, options: Object.values(def.entries).map((value) => ({ value, label: value })) };
    case 'lines':
    case 'list': {
      const { min, max } = lengthBounds(inner);
      return { ...base, ...(min !== undefined ? { minItems: min } : {}), ...(max !== undefined ? { maxItems: max } : {}) };
    }
    case 'object': {
      const shape = (inner as unknown as { shape?: Record<string, AnySchema> }).shape ?? {};
      return { ...base, fields: describeFields(shape, base.fields) };
    }
    default:
      return base;
  }
}

/**
 * The descriptions of `fields`, completed from the object schema's `shape`: bounds, choices and
 * whether each may be left out. A described property the schema does not have is a mistake.
 */
export function describeFields(shape: Readonly<Record<string, AnySchema>>, fields: Fields): Fields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, description]) => {
      const schema = shape[key];
      if (!schema) throw new Error(`field "${key}" is not a property of the block's data`);
      return [key, fromSchema(description, schema)];
    }),
  );
}

/** Options of a select from values and their labels, in the order given. */
export function choices(labels: Readonly<Record<string, string>>): SelectField['options'] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

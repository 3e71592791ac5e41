/**
 * The one link field of the config area: every field that holds a link (navigation items, footer
 * links, the header button, a block's link in the editor) is this picker. Its value is the address
 * itself, in a text box labelled by the field; a "link to" choice (a page of the site, a file, a
 * place on a page, a web address, an email address, a phone number) offers the controls that
 * write it for that kind (src/domain/link-kinds.ts reads an address as a kind and writes it back).
 * The address is checked as it changes by seed 000 §5's link rules, and the rule's message (the
 * seed's '{val} is not a valid page URL', then what is wrong) is shown beside it, tied to the box
 * by aria-describedby and aria-invalid; an error given by the caller (the API's) is shown instead.
 */
import { useEffect, useState } from 'react';
import { linkRefusal } from '../../blocks/link-message';
import { linkTargetsAnswer, type LinkTargets } from '../../contracts/navigation';
import { LINK_KINDS, linkOf, parseLink, type LinkKind, type ParsedLink } from '../../domain/link-kinds';
import { format } from '../../messages/format';
import { navigation as m } from '../../messages/navigation';
import { call } from './api';

/** Pages and files change rarely while a screen is open: one read serves every picker for a little while. */
const TARGETS_FRESH_MS = 15_000;
let cached: { at: number; targets: Promise<LinkTargets> } | undefined;

function loadTargets(): Promise<LinkTargets> {
  if (!cached || Date.now() - cached.at > TARGETS_FRESH_MS) {
    const targets = call(linkTargetsAnswer, 'GET', '/api/config/link-targets');
    cached = { at: Date.now(), targets };
    targets.catch(() => (cached = undefined));
  }
  return cached.targets;
}

function useLinkTargets(): { targets: LinkTargets | undefined; failed: boolean } {
  const [targets, setTargets] = useState<LinkTargets>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadTargets().then(
      (t) => live && setTargets(t),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { targets, failed };
}

const KIND_LABELS: Record<LinkKind | 'none', string> = {
  none: m.kindNone,
  page: m.kindPage,
  file: m.kindFile,
  anchor: m.kindAnchor,
  external: m.kindExternal,
  email: m.kindEmail,
  phone: m.kindPhone,
};

/**
 * What the picker says about `value`: nothing, that a link is needed (when `optional` is false),
 * or the link rules' message.
 */
export function linkMessage(value: string, optional: boolean): string | undefined {
  const href = value.trim();
  if (href === '') return optional ? undefined : m.linkRequired;
  return linkRefusal(href);
}

export type LinkPickerProps = {
  id: string;
  label: string;
  value: string;
  onChange: (href: string) => void;
  /** The API's message for this field; shown instead of the picker's own. */
  error?: string | undefined;
  hint?: string | undefined;
  writable: boolean;
  /** An empty address is allowed (no link). */
  optional?: boolean;
  maxLength?: number | undefined;
};

export function LinkPicker({ id, label, value, onChange, error, hint, writable, optional = false, maxLength }: LinkPickerProps) {
  const { targets, failed } = useLinkTargets();
  const parsed = parseLink(value);
  // The kind follows the address until the owner picks one; typing an address lets it follow again.
  const [chosen, setChosen] = useState<LinkKind | 'none' | null>(null);
  const kind = chosen ?? parsed.kind;
  const message = error ?? linkMessage(value, optional);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const kinds: (LinkKind | 'none')[] = optional ? ['none', ...LINK_KINDS] : [...LINK_KINDS];
  const set = (next: ParsedLink) => onChange(linkOf(next));
  return (
    <div className="field link-picker">
      <label htmlFor={id}>{label}</label>
      <div className="link-picker-choose">
        <select
          id={`${id}-kind`}
          aria-label={format(m.linkTo, { label })}
          value={kinds.includes(kind) ? kind : 'external'}
          disabled={!writable}
          onChange={(e) => {
            const next = e.target.value as LinkKind | 'none';
            setChosen(next);
            if (next === 'none') onChange('');
          }}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <KindControls id={id} label={label} kind={kind} parsed={parsed} targets={targets} writable={writable} set={set} />
      </div>
      <input
        id={id}
        type="text"
        maxLength={maxLength}
        value={value}
        readOnly={!writable}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={[message ? errorId : '', hintId].filter(Boolean).join(' ')}
        onChange={(e) => {
          setChosen(null);
          onChange(e.target.value);
        }}
      />
      <p className="field-hint" id={hintId}>
        {hint ?? m.linkHint}
        {failed ? ` ${m.pagesUnavailable}` : ''}
      </p>
      {message ? (
        <p className="field-error" id={errorId}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

type KindProps = {
  id: string;
  label: string;
  kind: LinkKind | 'none';
  parsed: ParsedLink;
  targets: LinkTargets | undefined;
  writable: boolean;
  set: (next: ParsedLink) => void;
};

function KindControls({ id, label, kind, parsed, targets, writable, set }: KindProps) {
  const pages = targets?.pages ?? [];
  switch (kind) {
    case 'page': {
      const path = parsed.kind === 'page' ? parsed.path : '';
      return (
        <select
          id={`${id}-page`}
          aria-label={format(m.pageLabel, { label })}
          value={path}
          disabled={!writable}
          onChange={(e) => set({ kind: 'page', path: e.target.value })}
        >
          <option value="">{m.choosePage}</option>
          {path !== '' && !pages.some((p) => p.path === path) ? <option value={path}>{path}</option> : null}
          {pages.map((p) => (
            <option key={p.id} value={p.path}>
              {`${p.title} (${p.path})`}
            </option>
          ))}
        </select>
      );
    }
    case 'file': {
      const files = targets?.files ?? [];
      const name = parsed.kind === 'file' ? parsed.name : '';
      if (targets && files.length === 0 && name === '') return <p className="field-hint">{m.noFiles}</p>;
      return (
        <select
          id={`${id}-file`}
          aria-label={format(m.fileLabel, { label })}
          value={name}
          disabled={!writable}
          onChange={(e) => set({ kind: 'file', name: e.target.value })}
        >
          <option value="">{m.chooseFile}</option>
          {name !== '' && !files.some((f) => f.name === name) ? <option value={name}>{name}</option> : null}
          {files.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      );
    }
    case 'anchor': {
      const path = parsed.kind === 'anchor' ? parsed.path : parsed.kind === 'page' ? parsed.path : '';
      const anchor = parsed.kind === 'anchor' ? parsed.anchor : '';
      const places = pages.find((p) => p.path === path)?.places ?? [];
      return (
        <>
          <select
            id={`${id}-anchor-page`}
            aria-label={format(m.pageLabel, { label })}
            value={path}
            disabled={!writable}
            onChange={(e) => set({ kind: 'anchor', path: e.target.value, anchor: '' })}
          >
            <option value="">{m.samePage}</option>
            {pages.map((p) => (
              <option key={p.id} value={p.path}>
                {`${p.title} (${p.path})`}
              </option>
            ))}
          </select>
          <select
            id={`${id}-place`}
            aria-label={format(m.placeLabel, { label })}
            value={anchor}
            disabled={!writable}
            onChange={(e) => set({ kind: 'anchor', path, anchor: e.target.value })}
          >
            <option value="">{m.choosePlace}</option>
            {anchor !== '' && !places.some((p) => p.anchor === anchor) ? (
              <option value={anchor}>{format(m.unknownPlace, { anchor: `#${anchor}` })}</option>
            ) : null}
            {places.map((p) => (
              <option key={p.anchor} value={p.anchor}>
                {p.kind ? format(m.block, { section: p.section, kind: p.kind }) : format(m.section, { n: p.section })}
              </option>
            ))}
          </select>
        </>
      );
    }
    case 'email':
      return (
        <input
          id={`${id}-email`}
          type="text"
          inputMode="email"
          autoComplete="off"
          aria-label={format(m.emailLabel, { label })}
          value={parsed.kind === 'email' ? parsed.address : ''}
          readOnly={!writable}
          onChange={(e) => set({ kind: 'email', address: e.target.value })}
        />
      );
    case 'phone':
      return (
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="off"
          aria-label={format(m.phoneLabel, { label })}
          value={parsed.kind === 'phone' ? parsed.number : ''}
          readOnly={!writable}
          onChange={(e) => set({ kind: 'phone', number: e.target.value })}
        />
      );
    case 'external':
    case 'none':
      return null;
  }
}

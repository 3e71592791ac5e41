/**
 * Design → Header and Footer: the site header (its layout, tagline, button, logo and the site icon)
 * and footer, saved at once with their own button (GET/PUT /api/site-header-footer, seed 001 §7),
 * with the header's brand shown as visitors will see it. Whether the header stays in view as
 * visitors scroll is a site style, part of the design's draft: the Header screen shows it apart.
 */
import { useState } from 'react';
import { LOGO_DISPLAY_DEFAULT, LOGO_DISPLAYS, LOGO_HEIGHT_PX, type LogoDisplay } from '../../domain/site-brand';
import type { SiteHeader } from '../../document/schema';
import { okAnswer } from '../../contracts/common';
import { headerFooterAnswer, type HeaderFooter } from '../../contracts/site';
import { call } from '../shared/api';
import { LibraryImageButton } from '../shared/file-picker';
import { LinkPicker } from '../shared/link-picker';
import { errorText, Messages, useLoad } from '../shared/ui';
import { words } from './design-words';

const LOGO_DISPLAY_LABELS: Record<LogoDisplay, string> = { 'logo-and-title': 'Logo and title', logo: 'Logo only', title: 'Title only' };

/** An image of the site's files: its name (or what stands in without one), picked from Files, or taken away. */
function FileChoice(props: {
  label: string;
  hint?: string;
  address: string | undefined;
  none: string;
  /** The picking button's text without an image, and with one. */
  choose: readonly [string, string];
  remove: string;
  writable: boolean;
  onChange: (address: string | undefined) => void;
}) {
  const { label, hint, address, none, choose, remove, writable, onChange } = props;
  return (
    <div className="brand-choice">
      <p className="brand-choice-label">{label}</p>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <p className="brand-choice-name">{address ? address.slice('/s/'.length) : none}</p>
      <div className="button-row">
        <LibraryImageButton label={address ? choose[1] : choose[0]} disabled={!writable} onPick={(image) => onChange(image.src)} />
        {address ? (
          <button type="button" className="secondary" onClick={() => onChange(undefined)}>
            {remove}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** What the logo's and the icon's choices say. */
const LOGO_CHOICE = {
  label: 'Logo',
  none: 'No logo: the header shows the site title.',
  choose: ['Choose a logo', 'Change the logo'],
  remove: 'Remove the logo',
} as const;
const ICON_CHOICE = {
  label: 'Site icon',
  hint: 'Shown in browser tabs, bookmarks and on phones’ home screens. A square image of at least 180 × 180 pixels works best.',
  none: 'The default icon, until you choose one.',
  choose: ['Choose a site icon', 'Change the site icon'],
  remove: 'Use the default icon',
} as const;

/** The header's logo and the site icon: each picked from Files, removable, and shown as visitors will see them. */
function BrandFields({
  header,
  title,
  writable,
  setHeader,
}: {
  header: SiteHeader;
  title: string;
  writable: boolean;
  setHeader: (h: Partial<SiteHeader>) => void;
}) {
  const display = header.logoDisplay ?? LOGO_DISPLAY_DEFAULT;
  const height = header.logoHeight ?? LOGO_HEIGHT_PX.DEFAULT;
  const showLogo = header.logo !== undefined && display !== 'title';
  return (
    <>
      <FileChoice {...LOGO_CHOICE} address={header.logo} writable={writable} onChange={(logo) => setHeader({ logo })} />
      <label>
        Show in the header
        <select value={display} disabled={!header.logo} onChange={(e) => setHeader({ logoDisplay: e.target.value as LogoDisplay })}>
          {LOGO_DISPLAYS.map((d) => (
            <option key={d} value={d}>
              {LOGO_DISPLAY_LABELS[d]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Logo height in pixels ({LOGO_HEIGHT_PX.MIN} to {LOGO_HEIGHT_PX.MAX}; phones show at most 44)
        <input
          type="number"
          min={LOGO_HEIGHT_PX.MIN}
          max={LOGO_HEIGHT_PX.MAX}
          step={1}
          value={height}
          disabled={!header.logo}
          onChange={(e) => {
            const next = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(next)) setHeader({ logoHeight: next });
          }}
        />
      </label>
      <FileChoice {...ICON_CHOICE} address={header.icon} writable={writable} onChange={(icon) => setHeader({ icon })} />
      <figure className="brand-preview">
        <figcaption>As visitors will see it</figcaption>
        <div className="brand-preview-tab">
          <img src={header.icon ? `${header.icon}?format=100w` : '/favicon-32x32.png'} alt="" width={16} height={16} />
          <span>{title}</span>
        </div>
        <div className="brand-preview-header">
          {showLogo ? <img src={`${header.logo}?format=500w`} alt={display === 'logo' ? title : ''} className="brand-preview-logo" height={height} /> : null}
          {display !== 'logo' || !header.logo ? <span className="brand-preview-title">{title}</span> : null}
        </div>
      </figure>
    </>
  );
}

/** The header's or the footer's settings, saved at once; `onSaved` after each save (the preview shows it). */
export function HeaderFooterForm({ part, title, writable, onSaved }: { part: 'header' | 'footer'; title: string; writable: boolean; onSaved: () => void }) {
  const [loaded, loadError] = useLoad(headerFooterAnswer, '/api/site-header-footer');
  const [edited, setValue] = useState<HeaderFooter>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const value = edited ?? loaded;
  if (!value) return <Messages error={loadError} />;
  const { header, footer } = value;
  // A setting given as undefined is taken out, so the saved header has no such key.
  const setHeader = (h: Partial<SiteHeader>) =>
    setValue({ header: Object.fromEntries(Object.entries({ ...header, ...h }).filter(([, v]) => v !== undefined)) as SiteHeader, footer });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setDone(null);
        call(okAnswer, 'PUT', '/api/site-header-footer', value).then(
          () => {
            setDone('Saved. Every page shows the new header and footer now.');
            onSaved();
          },
          (err: unknown) => setError(errorText(err)),
        );
      }}
    >
      {part === 'header' ? (
        <fieldset disabled={!writable}>
          <legend>Header</legend>
          <label>
            Layout
            <select value={header.layout} onChange={(e) => setHeader({ layout: e.target.value as SiteHeader['layout'] })}>
              <option value="left">Title on the left, navigation on the right</option>
              <option value="center">Title and navigation centred</option>
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={header.showTagline} onChange={(e) => setHeader({ showTagline: e.target.checked })} /> Show the tagline under the
            title
          </label>
          <label>
            Header button text (empty for none)
            <input
              value={header.button?.text ?? ''}
              onChange={(e) => {
                const text = e.target.value;
                const { button: _old, ...rest } = header;
                setValue({ header: text ? { ...rest, button: { text, href: header.button?.href ?? '/' } } : rest, footer });
              }}
            />
          </label>
          {header.button ? (
            <LinkPicker
              id="header-button-link"
              label="Header button link"
              value={header.button.href}
              maxLength={1000}
              writable={writable}
              onChange={(href) => setHeader({ button: { text: header.button!.text, href } })}
            />
          ) : null}
          <BrandFields header={header} title={title} writable={writable} setHeader={setHeader} />
        </fieldset>
      ) : (
        <fieldset disabled={!writable}>
          <legend>Footer</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={footer.showNavigation}
              onChange={(e) => setValue({ header, footer: { ...footer, showNavigation: e.target.checked } })}
            />{' '}
            Repeat the main navigation in the footer
          </label>
        </fieldset>
      )}
      <Messages error={error} done={done} />
      {writable ? <button type="submit">{part === 'header' ? words.saveHeader : words.saveFooter}</button> : null}
    </form>
  );
}

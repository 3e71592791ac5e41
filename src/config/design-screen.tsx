/** The Design area: the site header and footer (GET/PUT /api/site-header-footer, seed 001 §7). */
import { useState } from 'react';
import { canAccess } from '../domain/permissions';
import type { SiteHeader } from '../document/schema';
import type { Me } from '../contracts/auth';
import { okAnswer } from '../contracts/common';
import { headerFooterAnswer, type HeaderFooter } from '../contracts/site';
import { call } from './api';
import { LinkPicker } from './link-picker';
import { errorText, Messages, useLoad } from './ui';

export function DesignScreen({ me }: { me: Me }) {
  const [loaded, loadError] = useLoad(headerFooterAnswer, '/api/site-header-footer');
  const [edited, setValue] = useState<HeaderFooter>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const value = edited ?? loaded;
  const writable = me.role !== null && canAccess(me.role, 'design', 'write');
  if (!value) return <Messages error={loadError} />;
  const { header, footer } = value;
  const setHeader = (h: Partial<SiteHeader>) => setValue({ header: { ...header, ...h }, footer });
  return (
    <section>
      <h1>Design</h1>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setDone(null);
          call(okAnswer, 'PUT', '/api/site-header-footer', value).then(
            () => setDone('Saved. Every page shows the new header and footer now.'),
            (err: unknown) => setError(errorText(err)),
          );
        }}
      >
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
        </fieldset>
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
        <Messages error={error} done={done} />
        {writable ? <button type="submit">Save design</button> : <p>Your role may view the design but not change it.</p>}
      </form>
    </section>
  );
}

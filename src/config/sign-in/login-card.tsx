/**
 * The card every screen before signing in is: the page's only form, headed by its title, which
 * names it, under the name of the site whose config area this is (the page's `site-title` meta,
 * written by the server: src/server/render/config-shell.ts).
 */
import type { ReactNode } from 'react';
import { SITE_TITLE_META } from '../../domain/markup';
import './sign-in.css';

/** The site's title as the server wrote it into the page, if it did. */
function siteTitle(): string | null {
  return document.querySelector(`meta[name="${SITE_TITLE_META}"]`)?.getAttribute('content') || null;
}

export function LoginCard(props: { titleId: string; title: ReactNode; noValidate?: boolean; onSubmit: () => void; children: ReactNode }) {
  const site = siteTitle();
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby={props.titleId}
        noValidate={props.noValidate}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        {site ? <p className="login-site">{site}</p> : null}
        <h1 id={props.titleId}>{props.title}</h1>
        {props.children}
      </form>
    </main>
  );
}

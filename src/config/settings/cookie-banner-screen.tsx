/**
 * The 'Cookie banner' screen (Settings area): whether the site shows the cookie banner, how it
 * looks and what it says (seed 000 §3, §4, §9), and the cookie policy — under the restrictive
 * policy nothing tracks a visitor until they accept. A live preview draws the banner with the same
 * markup and stylesheet the published pages use, forced for preview: its buttons do nothing.
 * Roles that may read settings see it; ADMIN and WEBSITE_MANAGER change it.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import {
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_POPUP_POSITIONS,
  cookieBannerPosition,
  resolveCookieBanner,
  type CookieBannerAcceptType,
  type CookieBannerCtaVariant,
  type CookieBannerPosition,
  type CookieBannerSettings,
  type CookieBannerTheme,
  type CookieBannerVariant,
} from '../../domain/cookie-banner';
import { canAccess } from '../../domain/permissions';
import { CookieBanner } from '../../ui/page-contract/cookie-banner-view';
import { enhanceCookieBanner } from '../../runtime/islands/cookie-banner';
import '../../ui/page-contract/cookie-banner.css';
import type { Me } from '../../contracts/auth';
import { cookieBannerAnswer, type CookieBannerAnswer } from '../../contracts/cookie-banner';
import { call } from '../shared/api';
import { designAnswer } from '../../contracts/design';
import { DEFAULT_DESIGN, designSchema } from '../../document/design';
import { designCustomProperties } from '../../document/design-css';
import { Field } from '../../ui/field';
import { Messages, useLoad, useSave } from '../shared/ui';
import { settingsScreens } from '../../messages/settings-screens';

const COOKIE_BANNER_PATH = '/api/config/cookie-banner';

type Draft = Required<CookieBannerSettings>;
type TextKey = 'cookieBannerText' | 'cookieBannerCtaText' | 'cookieBannerOptOutCtaText';
type FlagKey = 'isCookieBannerEnabled' | 'isRestrictiveCookiePolicyEnabled' | 'isRestrictiveCookiePolicyAbsolute' | 'isVisitorDataRestricted';

const POSITION_LABELS: Record<CookieBannerPosition, string> = {
  TOP: 'Top',
  BOTTOM: 'Bottom',
  TOP_LEFT: 'Top left',
  TOP_RIGHT: 'Top right',
  BOTTOM_LEFT: 'Bottom left',
  BOTTOM_RIGHT: 'Bottom right',
};

function draftOf(view: CookieBannerAnswer): Draft {
  return {
    cookieBannerCtaText: view.cookieBannerCtaText,
    cookieBannerCtaVariant: view.cookieBannerCtaVariant,
    cookieBannerPosition: view.cookieBannerPosition,
    cookieBannerText: view.cookieBannerText,
    cookieBannerTheme: view.cookieBannerTheme,
    cookieBannerVariant: view.cookieBannerVariant,
    cookieBannerOptOutCtaText: view.cookieBannerOptOutCtaText,
    cookieBannerAcceptType: view.cookieBannerAcceptType,
    isCookieBannerEnabled: view.isCookieBannerEnabled,
    isRestrictiveCookiePolicyEnabled: view.isRestrictiveCookiePolicyEnabled,
    isRestrictiveCookiePolicyAbsolute: view.isRestrictiveCookiePolicyAbsolute,
    isVisitorDataRestricted: view.isVisitorDataRestricted,
  };
}

/**
 * The banner's colours are the site's design: its published one when the role may read the design,
 * else the default design's, as custom properties on the preview's stage.
 */
function useDesignProperties(me: Me): CSSProperties {
  const [design, setDesign] = useState(DEFAULT_DESIGN);
  const readable = me.role !== null && canAccess(me.role, 'design', 'read');
  useEffect(() => {
    if (!readable) return;
    call(designAnswer, 'GET', '/api/config/design')
      .then((a) => setDesign(designSchema.parse(a.published.design)))
      .catch(() => undefined);
  }, [readable]);
  return Object.fromEntries(designCustomProperties(design)) as CSSProperties;
}

export function CookieBannerScreen({ me }: { me: Me }) {
  const designProperties = useDesignProperties(me);
  const [view, loadError, reload] = useLoad(cookieBannerAnswer, COOKIE_BANNER_PATH);
  const [edited, setDraft] = useState<Draft>();
  const { error, fieldErrors, done, busy, save: run, clearDone } = useSave(settingsScreens.savedPublished);
  const writable = me.role !== null && canAccess(me.role, 'settings', 'write');
  if (!view) return <Messages error={loadError} />;
  const draft = edited ?? draftOf(view);
  const change = (next: Partial<Draft>) => {
    const merged = { ...draft, ...next };
    // A bar keeps to the top or bottom, a popup to a corner (seed 000 §4).
    setDraft({ ...merged, cookieBannerPosition: cookieBannerPosition(merged.cookieBannerVariant, merged.cookieBannerPosition) });
    clearDone();
  };
  const save = () =>
    run(
      () => call(cookieBannerAnswer, 'PUT', COOKIE_BANNER_PATH, draft),
      () => {
        setDraft(undefined);
        reload();
      },
    );
  const choice = <T extends string>(key: keyof Draft, label: string, options: readonly (readonly [T, string])[]) => (
    <Field id={`cookie-${key}`} label={label} error={fieldErrors[key]}>
      {(props) => (
        <select {...props} value={String(draft[key])} onChange={(e) => change({ [key]: e.target.value })}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const text = (key: TextKey, label: string, multiline = false) => (
    <Field id={`cookie-${key}`} label={label} error={fieldErrors[key]} hint="Leave empty for the default text.">
      {(props) =>
        multiline ? (
          <textarea {...props} rows={3} value={draft[key]} onChange={(e) => change({ [key]: e.target.value })} />
        ) : (
          <input {...props} type="text" value={draft[key]} onChange={(e) => change({ [key]: e.target.value })} />
        )
      }
    </Field>
  );
  const flag = (key: FlagKey, label: string, hint: string) => (
    <Field id={`cookie-${key}`} label={label} error={fieldErrors[key]} hint={hint} check>
      {(props) => <input {...props} type="checkbox" checked={draft[key]} onChange={(e) => change({ [key]: e.target.checked })} />}
    </Field>
  );
  const positions = draft.cookieBannerVariant === 'BAR' ? COOKIE_BANNER_BAR_POSITIONS : COOKIE_BANNER_POPUP_POSITIONS;
  return (
    <section className="cookie-banner-screen">
      <h1>Cookie banner</h1>
      <form
        noValidate
        aria-label="Cookie banner settings"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <fieldset disabled={!writable}>
          <legend>Banner</legend>
          {flag(
            'isCookieBannerEnabled',
            'Show a cookie banner',
            'Visitors who have not answered see it on every page; the footer gets a ‘Cookie settings’ link that opens it again.',
          )}
          {choice<CookieBannerVariant>('cookieBannerVariant', 'Layout', [
            ['BAR', 'Bar across the page'],
            ['POPUP', 'Popup in a corner'],
          ])}
          {choice<CookieBannerPosition>(
            'cookieBannerPosition',
            'Position',
            positions.map((p) => [p, POSITION_LABELS[p]] as const),
          )}
          {choice<CookieBannerTheme>('cookieBannerTheme', 'Theme', [
            ['DARK', 'Dark'],
            ['LIGHT', 'Light'],
          ])}
          {choice<CookieBannerAcceptType>('cookieBannerAcceptType', 'Buttons', [
            ['OPT_IN', 'Accept only'],
            ['OPT_IN_AND_OUT', 'Accept and decline'],
          ])}
          {choice<CookieBannerCtaVariant>('cookieBannerCtaVariant', 'Accept button style', [
            ['ICON', 'Check mark icon'],
            ['BUTTON', 'Button'],
            ['TEXT', 'Text link'],
          ])}
          {text('cookieBannerText', 'Banner text', true)}
          {text('cookieBannerCtaText', 'Accept text')}
          {text('cookieBannerOptOutCtaText', 'Decline text')}
        </fieldset>
        <fieldset disabled={!writable}>
          <legend>Cookie policy</legend>
          {flag(
            'isRestrictiveCookiePolicyEnabled',
            'Restrictive cookie policy',
            'Nothing identifies a visitor (no tracking cookies, no stored identifiers) until they accept; page views are still counted, without identifiers.',
          )}
          {flag(
            'isRestrictiveCookiePolicyAbsolute',
            'Apply the restrictive policy to every visitor',
            'This server applies it to every visitor whenever it is on.',
          )}
          {flag('isVisitorDataRestricted', 'Restrict visitor data', 'The visitor activity log is off while this is on.')}
        </fieldset>
        <Messages error={error} done={done} />
        {writable ? (
          <button type="submit" disabled={busy}>
            Save cookie banner settings
          </button>
        ) : (
          <p>Your role may view the cookie banner settings but not change them.</p>
        )}
      </form>
      <h2 id="cookie-banner-preview-title">Preview</h2>
      {draft.isCookieBannerEnabled ? null : <p>The banner is off: visitors do not see it.</p>}
      <div
        className="cookie-banner-stage"
        style={designProperties}
        role="group"
        aria-labelledby="cookie-banner-preview-title"
        // The published pages' banner code runs on the preview too: a preview-forced banner ignores its buttons.
        ref={(stage) => {
          const banner = stage?.querySelector<HTMLElement>('.cookie-banner');
          if (banner) enhanceCookieBanner(banner);
        }}
      >
        <CookieBanner banner={resolveCookieBanner(draft)} preview />
      </div>
    </section>
  );
}

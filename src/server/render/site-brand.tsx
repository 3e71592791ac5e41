/**
 * The site's brand on a published page: the header's logo (an image of the site's files, every
 * format and width the pipeline made, sized by its width and height attributes so nothing shifts
 * as it loads) beside or instead of the title, and the <head>'s links to the site icon (the
 * owner's, or the default mark: src/server/modules/files/images/site-icon.ts), each address naming the icon's
 * version so a changed icon is fetched again while an unchanged one is cached for a year.
 */
import { imageSources, Picture } from '../../blocks/image/picture';
import type { RenderedFile } from '../../blocks/types';
import type { SiteHeader } from '../../document/schema';
import { DEFAULT_ICON_VERSION, ICON_LINKS, ICON_VERSION_QUERY, LOGO_DISPLAY_DEFAULT, LOGO_HEIGHT_PX, logoBox } from '../../domain/site-brand';

/** The file a `/s/{name}` address names, when the site has it. */
export const fileAt = (address: string | undefined, files: ReadonlyMap<string, RenderedFile>): RenderedFile | undefined =>
  address?.startsWith('/s/') ? files.get(address.slice(3)) : undefined;

/** Which icon a page links: the owner's by its bytes' hash, or the default mark's version. */
export function iconVersion(header: SiteHeader, files: ReadonlyMap<string, RenderedFile>): string {
  const icon = fileAt(header.icon, files);
  return icon?.hash ?? (icon ? 'current' : DEFAULT_ICON_VERSION);
}

export function IconLinks({ header, files }: { header: SiteHeader; files: ReadonlyMap<string, RenderedFile> }) {
  const version = iconVersion(header, files);
  return (
    <>
      {ICON_LINKS.map((link) => (
        <link key={link.rel} rel={link.rel} type="image/png" sizes={`${link.size}x${link.size}`} href={`${link.path}?${ICON_VERSION_QUERY}=${version}`} />
      ))}
    </>
  );
}

/** The header's title link shows a logo: not without one, nor when the owner chose the title alone. */
function shownLogo(header: SiteHeader, files: ReadonlyMap<string, RenderedFile>) {
  const file = fileAt(header.logo, files);
  const display = header.logoDisplay ?? LOGO_DISPLAY_DEFAULT;
  return file && display !== 'title' ? { file, display, height: header.logoHeight ?? LOGO_HEIGHT_PX.DEFAULT } : undefined;
}

/**
 * The logo's height, for the page's own stylesheet (the page's CSP allows no inline style): its
 * width follows from the width and height attributes' ratio before the image arrives, and
 * theme.css caps it on phones.
 */
export function logoCss(header: SiteHeader, files: ReadonlyMap<string, RenderedFile>): string {
  const logo = shownLogo(header, files);
  return logo ? `.site-logo-image{height:${logo.height}px}` : '';
}

/** The header's title link: the logo and the title, the logo alone (named by the title), or the title. */
export function SiteBrand({ header, title, files }: { header: SiteHeader; title: string; files: ReadonlyMap<string, RenderedFile> }) {
  const logo = shownLogo(header, files);
  if (!logo) {
    return (
      <a className="site-title" href="/">
        {title}
      </a>
    );
  }
  const { file, display } = logo;
  const box = logoBox(logo.height, file);
  const offered = imageSources(header.logo!, file);
  // The shown width: the browser picks the copy for the screen's density.
  const sizes = `${box.width}px`;
  return (
    <a className={`site-title site-logo site-logo-${display}`} href="/">
      {/* Beside the title the logo adds nothing to the link's name; alone, it carries the title. */}
      <Picture offered={offered} alt={display === 'logo' ? title : ''} sizes={sizes} size={box} className="site-logo-image" load="now" />
      {display === 'logo-and-title' ? <span className="site-title-text">{title}</span> : null}
    </a>
  );
}

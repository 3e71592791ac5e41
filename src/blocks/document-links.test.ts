/**
 * Every link a site document holds follows the link rules (seed 000 §5) on import: the document's
 * own link fields, each block kind's, and the links inside owner HTML and rich text. A document with
 * bad links is refused whole, with every one's JSON path and what is wrong; and no field that looks
 * like a link is left out of the shared link type.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SITE_FILE_DESCRIPTION } from '../document/store';
import { loadDocument } from '../document/load';
import { SITE_DOCUMENT_VERSION } from '../document/schema';
import { BLOCK_TYPES } from '../domain/block-types';
import { OWNER_HTML_DESCRIPTION } from './html';
import { siteDocumentSchema } from './site-document';

const id = (n: number) => n.toString(16).padStart(24, '0');
const at = (y: number) => ({ desktop: { x: 0, y, w: 24, h: 4 } });

/** A small valid document whose every link field holds `link`, and whose owner HTML and rich text link to `link`. */
function documentWith(link: string) {
  const anchor = `<p><a href="/fine">fine</a> <a href="${link.replace(/"/g, '&quot;')}">here</a></p>`;
  const linked = (href: string) => [{ type: 'link', attrs: { href, target: null } }];
  const text = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'fine', marks: linked('/fine') },
          { type: 'text', text: ' ' },
          { type: 'text', text: 'here', marks: linked(link) },
        ],
      },
    ],
  };
  return {
    format: 'openpress.site',
    version: SITE_DOCUMENT_VERSION,
    settings: { identifier: 'links', title: 'Links', socialImage: link },
    navigation: [{ title: 'Home', href: link }],
    header: { button: { text: 'Go', href: link } },
    footer: {
      links: [
        { title: 'Fine', href: '/fine' },
        { title: 'Bad', href: link },
      ],
    },
    redirects: [{ from: '/old', to: link }],
    pages: [
      {
        id: id(1),
        pageType: 2,
        path: '/',
        title: 'Home',
        status: 1,
        seo: { socialImage: link },
        sections: [
          {
            id: id(2),
            blocks: [
              { id: id(3), type: BLOCK_TYPES.HTML, data: { text }, layout: at(0) },
              { id: id(4), type: BLOCK_TYPES.IMAGE, data: { src: '/s/a.jpg', alt: 'A', link }, layout: at(4) },
              { id: id(5), type: BLOCK_TYPES.BUTTON, data: { buttonText: 'Go', clickthroughUrl: link }, layout: at(8) },
              { id: id(6), type: BLOCK_TYPES.CODE, data: { html: anchor }, layout: at(12) },
              { id: id(7), type: BLOCK_TYPES.ACCORDION, data: { items: [{ title: 'Q', html: anchor }] }, layout: at(16) },
              {
                id: id(8),
                type: BLOCK_TYPES.FORM,
                data: {
                  formId: id(9),
                  fields: [{ id: 'name', type: 'text', label: 'Name' }],
                  settings: { redirectUrl: link, submissionHtml: anchor, postSubmitHtml: anchor, disclaimerHtml: anchor },
                },
                layout: at(20),
              },
              { id: id(10), type: BLOCK_TYPES.NEWSLETTER, data: { listId: id(11), disclaimerHtml: anchor }, layout: at(24) },
            ],
          },
        ],
      },
    ],
    collections: [
      {
        id: id(12),
        type: 1,
        path: '/journal',
        title: 'Journal',
        status: 1,
        seo: { socialImage: link },
        items: [
          {
            id: id(13),
            slug: 'post',
            title: 'Post',
            status: 1,
            publishedAt: '2026-01-01T00:00:00Z',
            thumbnail: link,
            seo: { socialImage: link },
            sections: [],
          },
        ],
      },
    ],
  };
}

const EVERY_LINK_PATH = [
  '$.settings.socialImage',
  '$.navigation[0].href',
  '$.header.button.href',
  '$.footer.links[1].href',
  '$.pages[0].seo.socialImage',
  '$.pages[0].sections[0].blocks[0].data.text.content[0].content[2].marks[0].attrs.href',
  '$.pages[0].sections[0].blocks[1].data.link',
  '$.pages[0].sections[0].blocks[2].data.clickthroughUrl',
  '$.pages[0].sections[0].blocks[3].data.html',
  '$.pages[0].sections[0].blocks[4].data.items[0].html',
  '$.pages[0].sections[0].blocks[5].data.settings.redirectUrl',
  '$.pages[0].sections[0].blocks[5].data.settings.submissionHtml',
  '$.pages[0].sections[0].blocks[5].data.settings.postSubmitHtml',
  '$.pages[0].sections[0].blocks[5].data.settings.disclaimerHtml',
  '$.pages[0].sections[0].blocks[6].data.disclaimerHtml',
  '$.collections[0].seo.socialImage',
  '$.collections[0].items[0].thumbnail',
  '$.collections[0].items[0].seo.socialImage',
  '$.redirects[0].to',
];

/** `link` in every link field is refused, each error at its path and saying `wrong`. */
function expectRefusedEverywhere(link: string, wrong: string) {
  const loaded = loadDocument(documentWith(link), siteDocumentSchema);
  if (loaded.ok) throw new Error(`${link} was accepted`);
  expect(loaded.errors.map((e) => e.path)).toEqual(EVERY_LINK_PATH);
  for (const error of loaded.errors) expect(error.message).toContain(wrong);
}

describe('links in a site document', () => {
  it('accepts a document whose links a page may carry', () => {
    for (const link of ['/about', 'https://other.example/x', 'mailto:hi@shop.example', 'tel:+15555550123', '#top']) {
      const loaded = loadDocument(documentWith(link), siteDocumentSchema);
      expect(loaded.ok ? 'ok' : loaded.errors).toBe('ok');
    }
  });

  // covers 000-5.34, 000-5.40 (a javascript: link passes the seed's bound but is never published)
  it('refuses a document with javascript: or data: links, naming every link field and what is wrong', () => {
    for (const [link, wrong] of [
      ['javascript:alert(1)', 'is a javascript: link, which a published page never carries'],
      ['data:text/html,<script>alert(1)</script>', 'is a data: link, which a published page never carries'],
    ] as const)
      expectRefusedEverywhere(link, wrong);
  });

  // covers 000-5.35, 000-5.37, 000-5.43, 000-5.44, 000-5.45
  it('refuses malformed links and links that break their category’s rule', () => {
    for (const [link, wrong] of [
      ['http:example.com', 'is not a link a page can use'],
      ['tel:123', 'is a tel: link with fewer than 4 digits'],
      [`tel:${'1'.repeat(50)}`, 'is too long for a tel: link: it must be under 50 characters'],
      ['mailto:a@@b.co', 'is a mailto: link without exactly one @'],
      ['mailto:hi@shop', 'is a mailto: link without a domain with a dot after the @'],
    ] as const)
      expectRefusedEverywhere(link, wrong);
  });

  it('checks a code block’s links only when it renders as HTML, not as a listing of its source', () => {
    const doc = documentWith('/fine');
    const code = doc.pages[0]!.sections[0]!.blocks[3]!.data as { html: string; displaySource?: boolean };
    code.html = '<a href="javascript:void(0)">example</a>';
    expect(loadDocument(doc, siteDocumentSchema)).toMatchObject({ ok: false, errors: [{ path: '$.pages[0].sections[0].blocks[3].data.html' }] });
    code.displaySource = true;
    expect(loadDocument(doc, siteDocumentSchema).ok).toBe(true);
  });

  it('gives every field named like a link the shared link type, and every HTML field the owner-HTML type', () => {
    // The document as JSON Schema: each field of the shared types carries that type's description.
    const fields: { path: string; key: string; description: string }[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        const here = `${path}/${key}`;
        if (path.endsWith('/properties')) fields.push({ path: here, key, description: String((value as { description?: unknown }).description) });
        walk(value, here);
      }
    };
    walk(z.toJSONSchema(siteDocumentSchema, { io: 'input', unrepresentable: 'any' }), '');
    // A form's webhook is an address the server posts to, never a link on a page (checked by its own
    // rule); a colour theme's `link` is the colour of its links (a colour reference).
    const colourOfLinks = (f: { path: string }) => /\/colorThemes\/properties\/[a-z]+\/properties\/link$/.test(f.path);
    const links = fields.filter((f) => (/(href|url|link|image|thumbnail)$/i.test(f.key) || f.key === 'to') && f.key !== 'webhookUrl' && !colourOfLinks(f));
    const html = fields.filter((f) => /html$/i.test(f.key));
    expect(links.length).toBeGreaterThanOrEqual(10);
    expect(html.length).toBeGreaterThanOrEqual(6);
    // A file address (a variant's photo) is narrower than a link: one of the site's own files.
    const linkOrFile = (d: string) => d.startsWith('A link (seed 000 §5 rules)') || d.startsWith(SITE_FILE_DESCRIPTION);
    expect(links.filter((f) => !linkOrFile(f.description)).map((f) => f.path)).toEqual([]);
    expect(html.filter((f) => !f.description.startsWith(OWNER_HTML_DESCRIPTION)).map((f) => f.path)).toEqual([]);
  });
});

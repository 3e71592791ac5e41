import { describe, expect, it } from 'vitest';
import { HSTS, LOCKED_DOWN_CSP, pageCsp, pageHeaders, securityHeaders, SECURITY_HEADERS } from './headers';

describe('the security headers', () => {
  it('send HSTS only when the site is reached over https', () => {
    expect(securityHeaders({ secure: false })).toEqual(SECURITY_HEADERS);
    expect(securityHeaders({ secure: true })).toEqual({ ...SECURITY_HEADERS, 'strict-transport-security': HSTS });
    expect(SECURITY_HEADERS['x-frame-options']).toBe('SAMEORIGIN');
    expect(SECURITY_HEADERS['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("allow a page's own inline script and style by hash, and nothing else inline", () => {
    const csp = pageCsp({ scriptHashes: ['sha256-aaa'], styleHashes: ['sha256-bbb', 'sha256-ccc'] }, { tls: false });
    expect(csp).toContain("script-src 'self' 'sha256-aaa';");
    expect(csp).toContain("style-src 'self' 'sha256-bbb' 'sha256-ccc';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(pageCsp({ scriptHashes: [], styleHashes: [] }, { tls: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("allow Google's scripts only on a page that renders a reCAPTCHA container", () => {
    const page = { scriptHashes: [], styleHashes: [] };
    expect(pageCsp({ ...page, html: '<form></form>' }, { tls: false })).not.toContain('google');
    expect(pageCsp({ ...page, html: '<div data-captcha-provider="recaptcha"></div>' }, { tls: false })).toContain(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;",
    );
  });

  it('allow Stripe’s hosts only on a page that offers cards through Stripe', () => {
    const page = { scriptHashes: ['sha256-aaa'], styleHashes: [] };
    const without = pageCsp({ ...page, html: '<form><input type="radio" name="method" value="test"></form>' }, { tls: false });
    expect(without).not.toContain('stripe');
    const csp = pageCsp({ ...page, html: '<div class="checkout-method" data-payment-provider="stripe"></div>' }, { tls: false });
    expect(csp).toContain("script-src 'self' 'sha256-aaa' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https: https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("img-src 'self' data: https:;");
    expect(csp).not.toContain('unsafe-inline');
    expect(pageCsp({ ...page }, { tls: false })).not.toContain('stripe');
  });

  it('answer a page for one visitor as never stored, and a shared one as revalidated', () => {
    expect(pageHeaders('x', true, { secure: false })).toMatchObject({
      'cache-control': 'private, no-store',
      'content-security-policy': 'x',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(pageHeaders('x', false, { secure: true })).toMatchObject({
      'cache-control': 'no-cache',
      'strict-transport-security': HSTS,
      'x-content-type-options': 'nosniff',
    });
    expect(LOCKED_DOWN_CSP).toContain("frame-ancestors 'none'");
  });
});

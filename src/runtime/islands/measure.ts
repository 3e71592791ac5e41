/**
 * The measurement runtime on every published page (seed 000 §2, §3, §6, §7, §9; seed 001 §3–§9):
 * error reports and performance records (no identifiers, whatever the consent); the census page
 * view (without the visitor cookie until consent allows it); and, once identifiers are allowed —
 * at load, or when the visitor accepts later on this page — the default analytics page view and
 * the pixel. Where the page is not tracked nothing is sent, and an admin's events are only
 * mirrored (measure/emit.ts).
 */
import { INTERNAL_ANALYTICS_EVENTS } from '../../domain/analytics';
import { onConsentChange, trackingAllowed } from '../consent';
import { forgetAnalyticsId, trackPageView } from '../measure/analytics';
import { recordPageView } from '../measure/census';
import { recordSystemNetworkError } from '../measure/record-event';
import { startErrorReports } from '../measure/errors';
import { startPerformance } from '../measure/performance';
import { trackPixel } from '../measure/track';
import { siteContext } from '../site-context';

export default function measure(): void {
  const ctx = siteContext();
  if (!ctx) return;
  startErrorReports();
  void startPerformance();
  recordPageView();
  // The system error panel's network variant (src/ui/dialogs) announces itself under the event's name; it is recorded here.
  window.addEventListener(INTERNAL_ANALYTICS_EVENTS.SYSTEM_NETWORK_ERROR, (e) => recordSystemNetworkError(e.detail.urlRequested));
  let identified = false;
  const identify = () => {
    // An untracked page goes on only for an admin's mirror; a tracked one waits for consent.
    if (identified || (ctx.tracked && !trackingAllowed())) return;
    identified = true;
    trackPageView();
    trackPixel();
  };
  identify();
  onConsentChange((allowed) => {
    if (allowed) identify();
    else forgetAnalyticsId();
  });
}

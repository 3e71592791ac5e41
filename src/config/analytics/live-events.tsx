/**
 * Live tracking events (seed 000 §6): a published page opened with admin access — the config
 * area's preview, or the site in another tab on this address — posts every event it would track on
 * a BroadcastChannel instead of sending it. This panel listens on that channel and lists the
 * latest events as they happen, so an owner can see what their visitors' pages send without any of
 * it being recorded. Nothing is stored; closing the screen ends the listening.
 */
import { useEffect, useState } from 'react';
import { TRACKING_CHANNEL, type MirroredEvent } from '../../runtime/measure/broadcast';
import './analytics.css';

/** How many events the list keeps, newest first. */
export const LIVE_EVENTS_KEPT = 50;

type Shown = MirroredEvent & { key: number };

/** Where an event happened, from the fields the different calls carry. */
export function eventPage(data: Record<string, unknown>): string {
  for (const field of ['pagePath', 'url', 'landing', 'clickthroughUrl']) {
    const value = data[field];
    if (typeof value === 'string' && value !== '') {
      if (field === 'url' || field === 'landing') {
        try {
          return new URL(value).pathname;
        } catch {
          return value;
        }
      }
      return field === 'clickthroughUrl' ? `→ ${value}` : value;
    }
  }
  return '';
}

export function LiveEvents() {
  const [events, setEvents] = useState<Shown[]>([]);
  const listening = typeof BroadcastChannel !== 'undefined';
  useEffect(() => {
    if (!listening) return;
    const channel = new BroadcastChannel(TRACKING_CHANNEL);
    let next = 0;
    channel.onmessage = (e: MessageEvent) => {
      const event = e.data as MirroredEvent;
      if (!event || typeof event.type !== 'string') return;
      setEvents((list) => [{ ...event, data: event.data ?? {}, key: next++ }, ...list].slice(0, LIVE_EVENTS_KEPT));
    };
    return () => channel.close();
  }, [listening]);
  return (
    <section aria-labelledby="live-events-title" className="live-events">
      <h2 id="live-events-title">Live events</h2>
      <p>
        {listening
          ? 'Pages of this site you open while signed in — the preview, or the site in another tab — show here what they would track. Nothing of it is recorded.'
          : 'This browser cannot show live events.'}
      </p>
      {events.length > 0 ? (
        <button type="button" onClick={() => setEvents([])}>
          Clear live events
        </button>
      ) : null}
      <div role="log" aria-label="Live events" aria-live="polite">
        <ol>
          {events.length === 0 ? <li className="empty">No events yet.</li> : null}
          {events.map((e) => (
            <li key={e.key}>
              <details>
                <summary>
                  <time dateTime={new Date(e.timestamp).toISOString()}>{new Date(e.timestamp).toLocaleTimeString()}</time> <strong>{e.type}</strong>{' '}
                  <span>{eventPage(e.data)}</span>
                </summary>
                <pre>{JSON.stringify(e.data, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * The map block's place search in the editor's settings panel, shown when the site has a Google
 * Maps key: an ARIA combobox (type an address, arrow keys or the mouse to choose, Enter to pick,
 * Escape to close) over Google's suggestions, asked for 250 ms after the last keystroke. Picking
 * one fills the block's centre, marker and address fields from the place's details. A search and
 * its pick share one session token (Google bills them as one session); each call carries the
 * editor's tracking context (seed 001 §7).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { placeDetails, placeSuggestions, type PlaceSuggestionsAnswer } from './google-places';
import { MAP_EDITOR_TRACKING } from '../../domain/google-maps';
import { format } from '../../messages/format';
import { googleMaps as words } from '../../messages/google-maps';
import './editor.css';

type Data = Readonly<Record<string, unknown>>;
type Suggestion = PlaceSuggestionsAnswer['suggestions'][number];

const SEARCH_DELAY_MS = 250;

/** A session token (a UUID's form); getRandomValues works on pages served without TLS too, unlike randomUUID. */
function sessionToken(): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function MapPlaceSearch({ data, writable, onChange }: { data: Data; writable: boolean; onChange: (next: Record<string, unknown>) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const session = useRef(sessionToken());
  const asked = useRef(0);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Asks for suggestions once typing pauses; an answer to an older text is dropped. */
  const search = (value: string) => {
    clearTimeout(timer.current);
    const input = value.trim();
    const ask = ++asked.current;
    if (input.length < 2) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      setStatus(words.searching);
      placeSuggestions(input, MAP_EDITOR_TRACKING, session.current).then(
        (answer) => {
          if (ask !== asked.current) return;
          setError(null);
          setSuggestions(answer.suggestions);
          setActive(-1);
          setOpen(true);
          setStatus(answer.suggestions.length ? format(words.suggestions, { count: answer.suggestions.length }) : words.noMatches);
        },
        (err: unknown) => {
          if (ask !== asked.current) return;
          setStatus('');
          setOpen(false);
          setError(err instanceof Error ? err.message : String(err));
        },
      );
    }, SEARCH_DELAY_MS);
  };

  const pick = (s: Suggestion) => {
    setOpen(false);
    setText(s.text);
    clearTimeout(timer.current);
    asked.current += 1;
    placeDetails(s.placeId, MAP_EDITOR_TRACKING, session.current).then(
      ({ place }) => {
        session.current = sessionToken();
        const location = (data.location ?? {}) as Record<string, unknown>;
        onChange({
          ...data,
          location: {
            ...location,
            mapLat: place.lat,
            mapLng: place.lng,
            markerLat: place.lat,
            markerLng: place.lng,
            addressTitle: place.name === place.addressLine1 ? '' : place.name,
            addressLine1: place.addressLine1,
            addressLine2: place.addressLine2,
            addressCountry: place.addressCountry,
          },
        });
        setError(null);
        setStatus(format(words.placed, { place: place.name }));
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };

  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  return (
    <div className="field editor-place-search">
      <label htmlFor={`${id}-input`}>{words.searchLabel}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        disabled={!writable}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...(open && active >= 0 ? { 'aria-activedescendant': optionId(active) } : {})}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setStatus('');
          search(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            if (!suggestions.length) return;
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((a) => (a + step + suggestions.length) % suggestions.length);
          } else if (e.key === 'Enter' && open && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
        onBlur={() => setOpen(false)}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {words.searchHint}
      </p>
      <ul id={listId} role="listbox" aria-label={words.searchLabel} className="editor-place-list" hidden={!open || suggestions.length === 0}>
        {suggestions.map((s, i) => (
          <li
            key={s.placeId}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'editor-place-option is-active' : 'editor-place-option'}
            // Chosen on mousedown, before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(s);
            }}
          >
            <span className="editor-place-main">{s.mainText}</span> <span className="editor-place-secondary">{s.secondaryText}</span>
          </li>
        ))}
      </ul>
      <p className="hint" role="status">
        {status}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

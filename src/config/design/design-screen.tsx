/**
 * The Design area: the site's styles (src/document/design.ts) edited as a draft beside a live
 * preview of a page of the site, in sub-screens each at its own address (./design-sections.ts):
 * Colours, Fonts, Type, Spacing, Buttons, Animations, and the Header and Footer, whose own settings
 * are saved at once (./header-footer.tsx). The draft saves itself as the page editor's does
 * (./design-autosave.ts); publishing shows it to visitors; the published versions can be restored,
 * and the draft reset to the design the site started with (src/contracts/design.ts).
 */
import { produce } from 'immer';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { designAnswer, designState, type DesignAnswer, type DesignState } from '../../contracts/design';
import { published } from '../../contracts/editor';
import type { Me } from '../../contracts/auth';
import { designSchema, type Design } from '../../document/design';
import { designStylesheet } from '../../document/design-css';
import { canAccess } from '../../domain/permissions';
import { Popup } from '../../ui/dialogs/popup';
import { ConfirmChange } from '../editor/confirm-change';
import { call } from '../shared/api';
import { errorText, Messages } from '../shared/ui';
import { ColoursPanel } from './colours-panel';
import { createDesignAutosave, type DesignAutosave, type DesignSaveStatus } from './design-autosave';
import { FieldErrors, type PanelProps, type UpdateDesign } from './design-fields';
import { DesignHistory } from './design-history';
import { DesignPreview } from './design-preview';
import { DESIGN_SECTIONS, designAddress, designSectionAt, type DesignSectionId } from './design-sections';
import { words } from './design-words';
import { FontsPanel } from './fonts-panel';
import { HeaderFooterForm } from './header-footer';
import { useSampleFaces } from './sample-fonts';
import { AnimationsPanel, ButtonsPanel, SpacingPanel, TypePanel } from './style-panels';
import './design.css';

const API = '/api/config/design';

/** The sub-screen the address names, kept current as the owner moves (Back, Forward, the sub-screens' links). */
function useSection(): [DesignSectionId, (id: DesignSectionId) => void] {
  const [section, setSection] = useState(() => designSectionAt(window.location.pathname));
  useEffect(() => {
    const moved = () => setSection(designSectionAt(window.location.pathname));
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const open = useCallback((id: DesignSectionId) => {
    const address = designAddress(id);
    if (window.location.pathname !== address) window.history.pushState(null, '', address);
    setSection(id);
  }, []);
  return [section, open];
}

/** The design a draft answer holds, as the document reads it. */
function designOf(state: DesignState): Design {
  return designSchema.parse(state.design);
}

export function DesignScreen({ me }: { me: Me }) {
  const [answer, setAnswer] = useState<DesignAnswer>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    call(designAnswer, 'GET', API).then(setAnswer, (err: unknown) => setError(errorText(err)));
  }, []);
  let body: ReactNode;
  if (error)
    body = (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  else if (!answer)
    body = (
      <p className="loading" role="status">
        {words.loading}
      </p>
    );
  else body = <Workspace answer={answer} me={me} />;
  return (
    <section className="design">
      <h1>{words.title}</h1>
      <p className="hint">{words.intro}</p>
      {body}
    </section>
  );
}

/** Which path prefix of a refused field belongs to which sub-screen. */
const SECTION_OF_PATH: readonly [string, DesignSectionId][] = [
  ['design.palette', 'colours'],
  ['design.colorThemes', 'colours'],
  ['design.fonts', 'fonts'],
  ['design.type', 'type'],
  ['design.spacing', 'spacing'],
  ['design.buttons', 'buttons'],
  ['design.animation', 'animations'],
  ['design.stickyHeader', 'header'],
];

type Asking = { kind: 'discard' } | { kind: 'reset' } | { kind: 'restore'; revision: number };

function Workspace({ answer, me }: { answer: DesignAnswer; me: Me }) {
  const writable = answer.writable && me.role !== null && canAccess(me.role, 'design', 'write');
  const [section, openSection] = useSection();
  const [design, setDesign] = useState(() => designOf(answer.draft));
  // What the preview wears: the latest design the document's rules accept (a half-typed colour waits).
  const [shown, setShown] = useState(design);
  const latest = useRef(design);
  const [status, setStatus] = useState<DesignSaveStatus>({ state: 'saved' });
  const [unpublished, setUnpublished] = useState(answer.unpublishedChanges);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [asking, setAsking] = useState<Asking>();
  const [asks, setAsks] = useState(0);
  const ask = (question: Asking) => {
    setAsks((n) => n + 1);
    setAsking(question);
  };
  const [history, setHistory] = useState(false);
  const [previewReload, setPreviewReload] = useState(0);
  // Escape closes the conflict's dialog without a choice: it comes back, since the draft waits on one.
  const [conflictShown, setConflictShown] = useState(0);
  const saver = useRef<DesignAutosave | undefined>(undefined);

  useEffect(() => {
    if (!writable) return;
    const s = createDesignAutosave({ version: answer.draft.version, onStatus: setStatus, onSaved: () => setUnpublished(true) });
    saver.current = s;
    // Leaving the screen saves what is not saved yet, then stops.
    return () => void s.flush().finally(() => s.stop());
  }, [answer, writable]);

  useEffect(() => {
    if (status.state !== 'unsaved' && status.state !== 'saving' && status.state !== 'offline') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status.state]);

  const show = (next: Design) => {
    latest.current = next;
    setDesign(next);
    const checked = designSchema.safeParse(next);
    if (checked.success) setShown(checked.data);
  };
  const update: UpdateDesign = (recipe) => {
    if (!writable) return;
    const next = produce(latest.current, recipe);
    show(next);
    setDone(undefined);
    saver.current?.changed(next);
  };
  /** The draft as the server answered it (discarded, restored, reset, or someone else's). */
  const settle = (state: DesignState) => {
    show(designOf(state));
    saver.current?.settle(state.version);
  };

  useSampleFaces(design.fonts, answer.preview.fontFiles);
  const fontFiles = answer.preview.fontFiles;
  const css = useMemo(() => designStylesheet(shown, (family, file) => `${fontFiles[family] ?? '/fonts/files/'}${file}`).css, [shown, fontFiles]);

  /** Runs a change to the draft or to what is published, saying how it went. */
  const act = async (change: () => Promise<string | undefined>) => {
    setBusy(true);
    setDone(undefined);
    setFailure(undefined);
    try {
      const said = await change();
      if (said) setDone(said);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const publish = () =>
    act(async () => {
      const s = saver.current!;
      if (!(await s.flush())) throw new Error(words.notPublished);
      await call(published, 'POST', `${API}/publish`, { version: s.version() });
      setUnpublished(false);
      setHistory(false);
      return words.published;
    });
  const confirmed = (question: Asking) =>
    act(async () => {
      const s = saver.current!;
      // Saved first, so no save lands after the draft is replaced; a refused change is dropped with it.
      await s.flush();
      if (question.kind === 'discard') {
        settle(await call(designState, 'DELETE', `${API}/draft`));
        setUnpublished(false);
        return words.discarded;
      }
      const url = question.kind === 'reset' ? `${API}/reset` : `${API}/revisions/${question.revision}/restore`;
      settle(await call(designState, 'POST', url, { baseVersion: s.version() }));
      setUnpublished(true);
      setHistory(false);
      return question.kind === 'reset' ? words.resetDone : words.restored(question.revision);
    });

  const errors = status.state === 'refused' ? status.errors : {};
  // A change on its way to the draft is one visitors do not see yet either.
  const changed = unpublished || status.state !== 'saved';
  const conflict = status.state === 'conflict' ? status.current : undefined;
  const panel: PanelProps = { design, update, writable };
  return (
    <FieldErrors.Provider value={errors}>
      {writable ? null : <p className="design-read-only">{words.readOnly}</p>}
      <div className="design-bar">
        <p className={`design-status design-status--${status.state}`} role="status">
          {writable ? statusText(status) : ''}
        </p>
        <p className={`design-state${changed ? ' design-state--draft' : ''}`}>{changed ? words.unpublished : words.upToDate}</p>
        <div className="design-actions">
          <button type="button" className="secondary" aria-pressed={history} onClick={() => setHistory(!history)}>
            {words.history}
          </button>
          {writable ? (
            <>
              <button type="button" className="secondary design-quiet" disabled={busy || !!conflict} onClick={() => ask({ kind: 'reset' })}>
                {words.reset}
              </button>
              <button type="button" className="secondary" disabled={busy || !!conflict} onClick={() => ask({ kind: 'discard' })}>
                {words.discard}
              </button>
              <button type="button" disabled={busy || !!conflict} onClick={() => void publish()}>
                {busy ? words.publishing : words.publish}
              </button>
            </>
          ) : null}
        </div>
      </div>
      <ElsewhereErrors errors={errors} section={section} onOpen={openSection} />
      <Messages error={failure ?? null} done={done ?? null} />
      {history ? (
        <DesignHistory writable={writable} busy={busy} onRestore={(revision) => ask({ kind: 'restore', revision })} onClose={() => setHistory(false)} />
      ) : null}
      <nav className="design-nav" aria-label={words.sections}>
        <ul>
          {DESIGN_SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={designAddress(s.id)}
                aria-current={section === s.id ? 'page' : undefined}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  openSection(s.id);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="design-layout">
        <div className="design-panel">
          {section === 'colours' ? (
            <ColoursPanel {...panel} />
          ) : section === 'fonts' ? (
            <FontsPanel {...panel} />
          ) : section === 'type' ? (
            <TypePanel {...panel} />
          ) : section === 'spacing' ? (
            <SpacingPanel {...panel} />
          ) : section === 'buttons' ? (
            <ButtonsPanel {...panel} />
          ) : section === 'animations' ? (
            <AnimationsPanel {...panel} />
          ) : section === 'header' ? (
            <HeaderPanel {...panel} title={me.site.title} onSaved={() => setPreviewReload((n) => n + 1)} />
          ) : (
            <section className="design-group" aria-labelledby="footer-title">
              <h2 id="footer-title">Footer</h2>
              <p className="hint">{words.headerFooterHint}</p>
              <HeaderFooterForm part="footer" title={me.site.title} writable={writable} onSaved={() => setPreviewReload((n) => n + 1)} />
            </section>
          )}
        </div>
        <DesignPreview css={css} path={answer.preview.path} reload={previewReload} />
      </div>
      {asking ? (
        <ConfirmChange
          // Each question its own dialog: one still fading out never closes the next.
          key={asks}
          title={asking.kind === 'discard' ? words.discardTitle : asking.kind === 'reset' ? words.resetTitle : words.restoreTitle(asking.revision)}
          text={
            asking.kind === 'discard'
              ? unpublished
                ? words.discardText
                : words.discardNothing
              : asking.kind === 'reset'
                ? words.resetText
                : words.restoreText(asking.revision)
          }
          action={asking.kind === 'discard' ? words.discard : asking.kind === 'reset' ? words.resetAction : words.restore}
          enabled={asking.kind !== 'discard' || unpublished || status.state !== 'saved'}
          onConfirm={() => void confirmed(asking)}
          onHide={() => setAsking((now) => (now === asking ? undefined : now))}
        />
      ) : null}
      {conflict ? (
        <ConflictDialog
          key={conflictShown}
          current={conflict}
          onCancel={() => setConflictShown((n) => n + 1)}
          onTheirs={() => {
            settle(conflict);
            setUnpublished(true);
          }}
          onMine={() => saver.current?.keepMine(conflict, latest.current)}
        />
      ) : null}
    </FieldErrors.Provider>
  );
}

function statusText(status: DesignSaveStatus): string {
  switch (status.state) {
    case 'saved':
      return words.saved;
    case 'saving':
      return words.saving;
    case 'unsaved':
      return words.unsaved;
    case 'offline':
      return words.offline;
    case 'refused':
      return status.message;
    case 'conflict':
      return words.conflictTitle;
  }
}

/** The refused settings of sub-screens other than the one open, each with a way there. */
function ElsewhereErrors({ errors, section, onOpen }: { errors: Record<string, string>; section: DesignSectionId; onOpen: (id: DesignSectionId) => void }) {
  const elsewhere = Object.entries(errors)
    .map(([path, message]) => ({ message, at: SECTION_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`))?.[1] }))
    .filter((e): e is { message: string; at: DesignSectionId } => e.at !== undefined && e.at !== section);
  if (elsewhere.length === 0) return null;
  return (
    <div className="form-error design-elsewhere">
      <p>{words.fieldErrorsElsewhere}</p>
      <ul>
        {elsewhere.map((e, i) => (
          <li key={i}>
            <a
              href={designAddress(e.at)}
              onClick={(event) => {
                event.preventDefault();
                onOpen(e.at);
              }}
            >
              {DESIGN_SECTIONS.find((s) => s.id === e.at)!.label}
            </a>
            : {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Design → Header: whether the header stays in view (a style of the draft), then the header's own settings, saved at once. */
function HeaderPanel({ design, update, writable, title, onSaved }: PanelProps & { title: string; onSaved: () => void }) {
  return (
    <section className="design-group" aria-labelledby="header-title">
      <h2 id="header-title">Header</h2>
      <fieldset className="design-sticky" disabled={!writable}>
        <legend>{words.sticky}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={design.stickyHeader}
            aria-describedby="design-sticky-hint"
            onChange={(e) => {
              const sticky = e.target.checked;
              update((d) => {
                d.stickyHeader = sticky;
              });
            }}
          />
          {words.stickyLabel}
        </label>
        <p className="field-hint" id="design-sticky-hint">
          {words.stickyHint}
        </p>
      </fieldset>
      <p className="hint">{words.headerFooterHint}</p>
      <HeaderFooterForm part="header" title={title} writable={writable} onSaved={onSaved} />
    </section>
  );
}

function ConflictDialog({ current, onTheirs, onMine, onCancel }: { current: DesignState; onTheirs: () => void; onMine: () => void; onCancel: () => void }) {
  const when = current.savedAt ? `at ${new Date(current.savedAt).toLocaleTimeString()}` : '';
  return (
    <Popup
      title={words.conflictTitle}
      text={words.conflictText(current.savedBy ?? words.conflictSomeone, when)}
      role="alertdialog"
      placement="center"
      onReject={onTheirs}
      onConfirm={onMine}
      onHide={(outcome) => {
        if (outcome === 'cancel') onCancel();
      }}
      actions={(close) => [
        <button key="theirs" type="button" className="op-popup__button" onClick={() => close('reject')}>
          {words.useTheirs}
        </button>,
        <button key="mine" type="button" className="op-popup__button op-popup__button--primary" onClick={() => close('confirm')}>
          {words.keepMine}
        </button>,
      ]}
    />
  );
}

/**
 * A site's multilingual settings as stored in `websites.multilingual`:
 * `{ languages: [{ code, visible }], connection?: { provider, apiKey, connectedAt } }`.
 * The default language is the site's primary language, its `locale` setting: one value, so the
 * Settings screen and the Languages screen never disagree. Saving languages with another default
 * changes the locale (and so the published pages' `lang`), which is why it bumps the content
 * version and notifies `site_changed`. The provider's API key is stored sealed (src/server/secrets)
 * for the translation work to come and never leaves the server: a connected provider's key is
 * answered as the fixed mask, and a save that sends the mask back (or no key) keeps it.
 */
import type { Db } from '../../../../db/client';
import { FEATURE_FLAGS } from '../../../../domain/feature-flags';
import { labsFlags } from '../../../../domain/labs';
import { keepsStoredSecret, MASKED_SECRET } from '../../../../domain/secrets';
import { seal } from '../../../secrets/sealed';
import { languageName, translationProviderName, type LanguageChoice, type TranslationProviderId } from '../../../../domain/multilingual';
import { logActivity } from '../../sites';
import { markSiteChanged } from '../../sites';
import { siteColumns, siteSettings, updateSiteRow, withJsonMember, withoutJsonMember } from '../../sites';
import { multilingual } from '../../../../messages/multilingual';

export type Language = { code: string; name: string; default: boolean; visible: boolean };

export type Connection = {
  status: 'connected' | 'disconnected';
  provider: TranslationProviderId | null;
  providerName: string | null;
  connectedAt: string | null;
  /** The mask, while a key is saved. */
  apiKey?: typeof MASKED_SECRET;
};

export type MultilingualState = { flagOn: boolean; defaultLanguage: string; languages: Language[]; connection: Connection };

type StoredConnection = { provider: TranslationProviderId; apiKey: string; connectedAt: string };
type Stored = { languages: { code: string; visible: boolean }[]; connection?: StoredConnection };

const DISCONNECTED: Connection = { status: 'disconnected', provider: null, providerName: null, connectedAt: null };

function readStored(raw: unknown): Stored {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const languages = Array.isArray(value.languages)
    ? value.languages.flatMap((l: unknown) => {
        const entry = l as { code?: unknown; visible?: unknown } | null;
        return entry && typeof entry.code === 'string' ? [{ code: entry.code, visible: entry.visible !== false }] : [];
      })
    : [];
  const c = value.connection as Partial<StoredConnection> | undefined;
  const connection =
    c && typeof c.provider === 'string' && translationProviderName(c.provider) && typeof c.connectedAt === 'string' ? (c as StoredConnection) : undefined;
  return { languages, ...(connection ? { connection } : {}) };
}

function publicConnection(stored: StoredConnection | undefined): Connection {
  if (!stored) return DISCONNECTED;
  return {
    status: 'connected',
    provider: stored.provider,
    providerName: translationProviderName(stored.provider) ?? null,
    connectedAt: stored.connectedAt,
    apiKey: MASKED_SECRET,
  };
}

/** The stored languages with the site's locale as the default; a locale not in the list (changed in Settings, or nothing saved yet) leads it. */
function siteLanguages(stored: Stored, locale: string): Language[] {
  const list = stored.languages.some((l) => l.code === locale) ? stored.languages : [{ code: locale, visible: true }, ...stored.languages];
  return list.map((l) => ({ code: l.code, name: languageName(l.code) ?? l.code, default: l.code === locale, visible: l.code === locale || l.visible }));
}

/** Read from the database, not from the request's cached site row, so a change shows at once. */
export async function multilingualState(db: Db, websiteId: string): Promise<MultilingualState> {
  const row = await siteColumns(db, websiteId, ['id', 'identifier', 'labs', 'multilingual', 'settings']);
  if (!row) throw new Error('site not found');
  const stored = readStored(row.multilingual);
  const { locale } = siteSettings(row);
  return {
    flagOn: labsFlags(row.labs).includes(FEATURE_FLAGS.MULTILINGUAL),
    defaultLanguage: locale,
    languages: siteLanguages(stored, locale),
    connection: publicConnection(stored.connection),
  };
}

/** Saves a list that passed `languageListProblem`: the order, visibility, and the default as the site's locale. */
export async function saveLanguages(db: Db, websiteId: string, list: readonly LanguageChoice[], actorId: string): Promise<void> {
  const defaultCode = list.find((l) => l.default)!.code;
  const languages = list.map((l) => ({ code: l.code, visible: l.visible }));
  await db.transaction(async (tx) => {
    await markSiteChanged(tx, websiteId, {
      multilingual: withJsonMember('multilingual', 'languages', languages),
      settings: withJsonMember('settings', 'locale', defaultCode),
    });
    await logActivity(tx, websiteId, actorId, 'multilingual.languages_updated', { languages: list.map((l) => l.code), defaultLanguage: defaultCode });
  });
}

export class NoApiKeyError extends Error {}

/**
 * Connects (or replaces) the translation provider. The key is checked for shape only: translation,
 * which uses it, comes later. No key, or the mask, keeps the saved key (a change of provider alone);
 * without a saved key that is refused with NoApiKeyError.
 */
export async function connectProvider(
  db: Db,
  websiteId: string,
  provider: TranslationProviderId,
  apiKey: string | undefined,
  actorId: string,
): Promise<Connection> {
  return db.transaction(async (tx) => {
    const row = await siteColumns(tx, websiteId, ['multilingual'], { forUpdate: true });
    const keep = keepsStoredSecret(apiKey);
    const key = keep ? readStored(row?.multilingual).connection?.apiKey : seal(apiKey);
    if (!key) throw new NoApiKeyError(multilingual.pasteApiKey);
    const connection: StoredConnection = { provider, apiKey: key, connectedAt: new Date().toISOString() };
    await updateSiteRow(tx, websiteId, { multilingual: withJsonMember('multilingual', 'connection', connection), updatedAt: new Date() });
    await logActivity(tx, websiteId, actorId, 'multilingual.connected', { provider, keyChanged: !keep });
    return publicConnection(connection);
  });
}

/** Forgets the provider and its key. Answers whether one was connected. */
export async function disconnectProvider(db: Db, websiteId: string, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await siteColumns(tx, websiteId, ['multilingual'], { forUpdate: true });
    const connection = readStored(row?.multilingual).connection;
    if (!connection) return false;
    await updateSiteRow(tx, websiteId, { multilingual: withoutJsonMember('multilingual', 'connection'), updatedAt: new Date() });
    await logActivity(tx, websiteId, actorId, 'multilingual.disconnected', { provider: connection.provider });
    return true;
  });
}

/**
 * A site's labs lists as stored in `websites.labs`. A change is one transaction that bumps the
 * site's content version, logs the activity and notifies `site_changed`, so cached pages (which
 * render with the site's feature flags) are dropped on every app server.
 */
import type { Db } from '../../../../db/client';
import type { FeatureFlag } from '../../../../domain/feature-flags';
import { knownFlags, labsFlags, readLabs, type Labs, type LabsList } from '../../../../domain/labs';
import { logActivity, siteColumns } from '../../sites';
import { markSiteChanged } from '../../sites';

/** Read from the database, not from the request's cached site row, so a change shows at once. */
export async function siteLabs(db: Db, websiteId: string): Promise<Labs> {
  const row = await siteColumns(db, websiteId, ['labs']);
  return readLabs(row?.labs);
}

export async function isFlagOn(db: Db, websiteId: string, flag: FeatureFlag): Promise<boolean> {
  const row = await siteColumns(db, websiteId, ['labs']);
  return labsFlags(row?.labs).includes(flag);
}

/** Replaces one list with `features` (known flags only) and answers both lists as saved. */
export async function setLabsList(db: Db, websiteId: string, list: LabsList, features: readonly FeatureFlag[], actorId: string): Promise<Labs> {
  return db.transaction(async (tx) => {
    const row = await siteColumns(tx, websiteId, ['labs'], { forUpdate: true });
    if (!row) throw new Error('site not found');
    const labs: Labs = { ...readLabs(row.labs), [list]: knownFlags(features) };
    await markSiteChanged(tx, websiteId, { labs });
    await logActivity(tx, websiteId, actorId, 'labs.updated', { list, features: labs[list] });
    return labs;
  });
}

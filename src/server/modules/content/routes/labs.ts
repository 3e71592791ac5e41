/**
 * Labs (seed 001 §7): GET and POST `/api/labs/internal` and `/api/labs/circle`. GET answers every
 * feature flag with whether it is on in that list; POST takes the selection `{ features: [...] }`
 * (the whole list, replacing it) and answers as GET does. Settings area: read to see, write to
 * change (docs/permissions.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client';
import { FEATURE_FLAG_INFO, FEATURE_FLAGS, isFeatureFlag } from '../../../../domain/feature-flags';
import { LABS_LIST_INFO, LABS_LISTS, labsFlags, unknownFlagNames, type Labs, type LabsList } from '../../../../domain/labs';
import { configRoute, zodMessage } from '../../accounts';
import { labsSelectionBody as selection } from '../../../../contracts/labs';
import { setLabsList, siteLabs } from '../settings/labs';

function answer(list: LabsList, labs: Labs) {
  const on = new Set<string>(labs[list]);
  return {
    list,
    ...LABS_LIST_INFO[list],
    features: Object.values(FEATURE_FLAGS).map((name) => ({ name, ...FEATURE_FLAG_INFO[name], enabled: on.has(name) })),
    /** The site's feature flags: on in either list. */
    activeFlags: labsFlags(labs),
  };
}

export async function registerLabsApi(app: FastifyInstance, db: Db) {
  for (const list of LABS_LISTS) {
    configRoute(app, db, {
      method: 'GET',
      url: `/api/labs/${list}`,
      area: 'settings',
      access: 'read',
      handler: async ({ site }) => answer(list, await siteLabs(db, site.id)),
    });

    configRoute(app, db, {
      method: 'POST',
      url: `/api/labs/${list}`,
      area: 'settings',
      access: 'write',
      handler: async ({ req, reply, site, account }) => {
        const parsed = selection.safeParse(req.body ?? {});
        if (!parsed.success) {
          const details = zodMessage(parsed.error);
          return reply.code(400).send({ ...details, error: 'Send the selection as { "features": [names of the features to turn on] }.' });
        }
        const unknown = unknownFlagNames(parsed.data.features);
        if (unknown.length > 0) {
          const names = unknown.map((n) => `"${n}"`).join(', ');
          const message = `${names} ${unknown.length === 1 ? 'is not a labs feature' : 'are not labs features'}. The features are: ${Object.values(FEATURE_FLAGS).join(', ')}.`;
          return reply.code(400).send({ error: message, errors: { features: message } });
        }
        const labs = await setLabsList(db, site.id, list, parsed.data.features.filter(isFeatureFlag), account.id);
        return answer(list, labs);
      },
    });
  }
}

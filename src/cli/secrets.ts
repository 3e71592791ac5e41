/**
 * `npm run secrets -- new-key` prints a new random key (for SECRET_KEY or SECRET_KEY_NEXT).
 * `npm run secrets -- rotate` re-seals every stored secret under the new key in one transaction
 * (docs/running.md, "Rotating the secret key"). With the embedded database and no SECRET_KEY, the new key is
 * written to DATA_DIR/secret-key.next first and replaces DATA_DIR/secret-key only after the
 * commit; with SECRET_KEY, the new key is SECRET_KEY_NEXT, which the operator keeps. A rotation is
 * refused while an app server still seals with another key: a secret it sealed after the commit
 * would be under a key about to be retired.
 */
import { readConfig } from '../server/config';
import { openDatabase } from '../server/database';
import { prepareRotation } from '../server/secrets/keys';
import { generateSecretKey, keyId, SecretKeyError, setSecretKeys } from '../server/secrets/sealed';
import { resealAllSecrets, serversSealingWithOtherKeys } from '../server/secrets/stored';
import { runCommand } from './run';

const USAGE = `usage: npm run secrets -- new-key   (prints a new key)
       npm run secrets -- rotate    (re-seals every stored secret under the new key)`;

async function rotate(): Promise<number> {
  const config = readConfig();
  const rotation = await prepareRotation(config);
  const { ring } = rotation;
  const currentId = keyId(ring.current);
  setSecretKeys(ring.current, ring.older);
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2, applicationName: 'openpress/secrets-rotate' });
  try {
    const stale = await serversSealingWithOtherKeys(opened.database.db, currentId);
    if (stale.length > 0) {
      const restart =
        ring.source === 'files'
          ? `The new key is ready in ${config.dataDir}/secret-key.next. Restart the server (it then seals with the new key and still opens the old one), then run npm run secrets -- rotate again.`
          : `Set SECRET_KEY_NEXT to the new key beside SECRET_KEY on every app server and restart them, then run npm run secrets -- rotate again.`;
      console.error(
        `Not rotated: an app server still seals with key ${stale.join(', ')}, and a secret it sealed after the rotation would be under a retired key. ${restart}`,
      );
      return 1;
    }
    const counts = await resealAllSecrets(opened.database.db, currentId);
    await rotation.finish();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const detail = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([what, n]) => `${n} ${what}`)
      .join(', ');
    console.error(
      `Re-sealed ${total} stored secret${total === 1 ? '' : 's'} under key ${currentId}${detail ? ` (${detail})` : ''}; none is left under another key.`,
    );
    console.error(
      ring.source === 'files'
        ? `${config.dataDir}/secret-key now holds the new key; the old one is gone.`
        : 'Next: on every app server set SECRET_KEY to the new key and remove SECRET_KEY_NEXT, then restart them. The old key can then be destroyed.',
    );
    return 0;
  } finally {
    await opened.close({ keepServer: opened.adopted });
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (rest.length > 0 || (command !== 'rotate' && command !== 'new-key')) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'new-key') {
    console.log(generateSecretKey());
    return 0;
  }
  try {
    return await rotate();
  } catch (err) {
    if (!(err instanceof SecretKeyError)) throw err;
    console.error(`Not rotated: ${err.message}.`);
    return 1;
  }
}

runCommand(run);

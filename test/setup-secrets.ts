/**
 * Every test process seals stored secrets with a key of its own, as the server does with
 * SECRET_KEY, and hashes passwords at the lowest cost the server accepts, as the test servers do
 * (PASSWORD_HASH_COST, e2e/server-process.ts): a hash keeps its cost, so signing in checks the same
 * things, at a thirty-second of the work.
 */
import { randomBytes } from 'node:crypto';
import { setSecretKeys } from '../src/server/secrets/sealed';
import { configurePasswordHashing, MIN_PASSWORD_HASH_COST } from '../src/server/modules/accounts/passwords/passwords';

setSecretKeys(randomBytes(32));
configurePasswordHashing(MIN_PASSWORD_HASH_COST);

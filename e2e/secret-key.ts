/**
 * Loaded before an end-to-end server's own code (`--import`): a key for sealing stored secrets
 * (two-factor seeds), made for this one run, as test/setup-secrets.ts does for the in-process tests.
 * The server's start sets its own key ring where it does so, which replaces this one.
 */
import { randomBytes } from 'node:crypto';
import { setSecretKeys } from '../src/server/secrets/sealed';

setSecretKeys(randomBytes(32));

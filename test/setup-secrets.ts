/** Every test process seals stored secrets with a key of its own, as the server does with SECRET_KEY. */
import { randomBytes } from 'node:crypto';
import { setSecretKeys } from '../src/server/secrets/sealed';

setSecretKeys(randomBytes(32));

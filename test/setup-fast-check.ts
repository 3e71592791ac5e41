/**
 * Every fast-check property runs with one fixed seed and an explicit number of runs (a property's
 * own `numRuns` still wins), so a run replays exactly and takes the same work under any load.
 * FC_SEED tries another seed; a failure prints the seed and path that replay it.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_129), numRuns: 100 });

/** The measurement module's face: what other modules and the platform may use. */
export { type IngestLimit } from './ingest';
export { pruneMeasurement } from './measurement';

/** Memory helpers the platform's streams share; see scavenge.ts. */
export { noteStreamedBytes, scavengingAsItFlows, SCAVENGE_EVERY_BYTES } from './scavenge.js';

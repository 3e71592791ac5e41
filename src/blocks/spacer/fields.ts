/** The spacer has no property of its own: its height is its place in the grid. */
import type { Fields } from '../fields';

export const spacerFields: Fields = {};

/** The app's one reference data store (tests make their own ReferenceStore). */
import { ReferenceStore } from './reference-data.ts';

export const referenceStore = new ReferenceStore();

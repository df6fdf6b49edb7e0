/**
 * What the sync indicator needs besides the sync store to say "Up to date": whether the app
 * itself and the reference data are on this device (sync-status.ts, `DeviceCopy`). The
 * reference data's module (and Dexie with it) is not part of the first paint: it is read
 * once loaded, and the copy counts as still downloading until then.
 */
import { useEffect, useState } from 'react';
import { useAppCopy } from '../pwa/app-copy.ts';
import type { DeviceCopy } from './sync-status.ts';

type ReferenceModule = typeof import('../../lib/reference/index.ts');

const DOWNLOADING: Pick<DeviceCopy, 'reference' | 'referenceError'> = { reference: 'downloading', referenceError: null };

export function useDeviceCopy(): DeviceCopy {
  const app = useAppCopy((state) => state.status);
  const [reference, setReference] = useState(DOWNLOADING);
  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    void import('../../lib/reference/index.ts').then((module: ReferenceModule) => {
      if (stopped) return;
      const update = () => {
        const next = module.referenceCopy(module.referenceStore.getState());
        setReference((current) => (current.reference === next.reference && current.referenceError === next.referenceError ? current : next));
      };
      unsubscribe = module.referenceStore.subscribe(update);
      update();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, []);
  return { app, ...reference };
}

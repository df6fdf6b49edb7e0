/** This browser's localStorage (an in-memory stand-in where there is none: Node, tests). */
import type { KeyValueStorage } from './session-types.ts';

export const browserStorage: KeyValueStorage =
  typeof window !== 'undefined' && window.localStorage
    ? window.localStorage
    : (() => {
        const values = new Map<string, string>();
        return {
          getItem: (key: string) => values.get(key) ?? null,
          setItem: (key: string, value: string) => void values.set(key, value),
          removeItem: (key: string) => void values.delete(key),
        };
      })();

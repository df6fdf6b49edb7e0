import { mergeConfig } from 'vite';
import base from './vite.config.ts';
export default mergeConfig(base, {
  plugins: [{
    name: 'db-stub', enforce: 'pre',
    resolveId(source: string) { if (source.endsWith('/db/index.ts')) return '/tmp/shellcheck/db-stub.ts'; return null; },
  }],
  build: { outDir: '/tmp/shellcheck/dist', emptyOutDir: true },
});

/**
 * Vite: React, and the PWA (vite-plugin-pwa, generateSW). The service worker precaches the
 * whole app (every route's code, styles, icons) and answers every navigation with
 * index.html offline. It caches nothing at runtime: Supabase's answers are never cached
 * (the local database is the offline store, the reference data its own cache), and its API
 * paths are kept out of the navigation fallback in case it shares the origin.
 *
 * The first install takes control of the page that installed it (`clientsClaim`): without
 * it, a new device's first session fetched every page's code from the network, and lost the
 * connection with pages it had not opened yet (docs/offline.md). A new version installs
 * beside the old one and waits for the user's consent (`registerType: 'prompt'`); once it
 * takes over, every tab of the old version reloads (src/app/pwa/update-prompt.tsx), so no
 * page runs half old and half new code.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkSizeGuard } from './scripts/build/chunk-size-guard.ts';

export default defineConfig({
  plugins: [
    react(),
    chunkSizeGuard(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'LabLink Provider Directory',
        short_name: 'LabLink',
        description: 'Provider directory and lab-ordering workspace for clinical laboratory staff. Works offline.',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0f7577',
        background_color: '#f8fafa',
        categories: ['medical', 'productivity', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(auth|rest|realtime|functions|storage)\/v1\//, /^\/__/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // The data layer's chunk (RxDB) is large; it must be precached to open offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: process.env.APP_OUT_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Printing an order loads pdf-lib (with pako) and bwip-js's barcode encoder, only
        // then; together they passed Vite's 500 kB chunk limit, so each is a chunk of its own
        // (chunkSizeGuard fails the build when a chunk passes it again).
        codeSplitting: {
          groups: [
            { name: 'pdf-lib', test: /node_modules[\\/](pdf-lib|@pdf-lib|pako)[\\/]/ },
            { name: 'barcodes', test: /node_modules[\\/]bwip-js[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});

import { defineConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

/** What the browser's entry runs before the first paint: main.tsx, two tiny helpers and Vite's preloader. */
const BOOT_MODULES =
  /src[\\/](client[\\/](main\.tsx|index\.html|lib[\\/]next-task\.ts)|common[\\/]pages[\\/]page-hydration\.ts)|vite\/preload-helper/;

/**
 * The server renderer of public pages (src/client/entry-server.tsx, loaded by src/server/features/ssr): one
 * self-contained bundle, packages included, because production installs the production dependencies only and
 * React, the router and the UI libraries are development dependencies (the browser gets them built).
 */
const ssrBuild: UserConfig = {
  root: "src/client",
  plugins: [react()],
  ssr: { noExternal: true, target: "node" },
  // React picks its development build unless told at build time; the server bundle is always production.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: "entry-server.tsx",
    outDir: "../../dist/ssr",
    emptyOutDir: true,
    copyPublicDir: false,
    target: "node20",
    sourcemap: true,
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        root: "src/client",
        publicDir: "public",
        plugins: [react(), tailwindcss(), precompressAssets()],
        build: {
          outDir: "../../dist/client",
          emptyOutDir: true,
          manifest: true,
          sourcemap: false,
          // The site has one stylesheet, in every page (linked by index.html; inline in a server-rendered page). Split
          // per chunk, it would count as a dependency of each lazy chunk that shares a module with the entry, and
          // loading such a chunk would add it again to a server-rendered page, then recompute every style.
          cssCodeSplit: false,
          // No preload links added at run time for a lazy chunk's imports: on a slow phone each link costs a
          // millisecond or more of the main thread, and a server-rendered page loads a dozen of them while it
          // hydrates. The browser fetches a chunk's imports as soon as it has the chunk (decision 019).
          modulePreload: false,
          rolldownOptions: {
            // start-app.tsx is an entry of its own, loaded by main.tsx after the first paint: its static imports
            // then count as initial code, which the "app" group below keeps in one chunk.
            input: { index: "src/client/index.html", "start-app": "src/client/start-app.tsx" },
            output: {
              codeSplitting: {
                groups: [
                  {
                    // The entry's own chunk ("boot", what index.html loads): the helpers it shares with start-app and
                    // the lazy pages would otherwise be merged into one of their chunks, loaded before the first paint.
                    name: "boot",
                    test: BOOT_MODULES,
                    priority: 2,
                  },
                  {
                    // The libraries every page runs, in one chunk. Left to the automatic splitting, each new lazy
                    // page that uses another subset of them cuts this code into more chunks, and the public pages
                    // then download (and gzip separately) more, smaller files: about 1.5 KB more once the back office
                    // came. One chunk also stays cached across deploys that change only app code. The tRPC client
                    // and React Query are not in it: only the pages below the ApiLayout load them (routes.tsx).
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  },
                  {
                    // The router apart from React: main.tsx runs the two in separate tasks (each a long one at load).
                    name: "router",
                    test: /node_modules[\\/]react-router[\\/]|src[\\/]client[\\/]lib[\\/]router-runtime\.ts/,
                  },
                  {
                    // The rest of what start-app runs (the landing page, the site frame, its icons and UI parts) in
                    // one chunk too, instead of a file per icon and per component that a lazy page also uses. The
                    // boot modules have their own (a higher priority): main.tsx loads this one after the first paint.
                    name: "app",
                    tags: ["$initial"],
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: { "/api": "http://localhost:3000", "/trpc": "http://localhost:3000" },
        },
      },
);

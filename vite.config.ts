import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompressAssets()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs, in one chunk. Left to the automatic splitting, each new lazy
              // page that uses another subset of them cuts this code into more chunks, and the public pages
              // then download (and gzip separately) more, smaller files: about 1.5 KB more once the back office
              // came. One chunk also stays cached across deploys that change only app code.
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@trpc)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/trpc": "http://localhost:3000" },
  },
});

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built text file of at least 1 KB, once at build
 * time and at the highest levels, which would be too slow per request. The server sends them with
 * @fastify/static's `preCompressed` to browsers that accept them; smaller files gain too little to bother.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export function precompressFile(file: string): void {
  const content = fs.readFileSync(file);
  if (content.length < PRECOMPRESS_MIN_BYTES) return;
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
}

/** Every text file below `dir`, except Vite's own build records in .vite/ (the manifest is not served to anyone). */
export function precompressFolder(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") precompressFolder(full);
    } else if (TEXT_FILE.test(entry.name)) {
      precompressFile(full);
    }
  }
}

/** The Vite plugin: runs after the bundle is written, so it covers the public folder's files as well. */
export function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}

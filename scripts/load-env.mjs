/**
 * Reads the settings in .env at the package root, when that file exists (.env.example lists them all),
 * into process.env. A variable already set in the environment wins over the file. `npm start` imports it,
 * and `npm run dev` and `npm run create-admin` preload it (--import), before src/server/config.ts reads
 * the environment. Silent when there is no .env: the defaults serve a newcomer.
 */
import fs from "node:fs";
import path from "node:path";

export const ENV_FILE = path.resolve(import.meta.dirname, "../.env");

if (fs.existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);

import fs from "node:fs";
import path from "node:path";

/**
 * The folder of the app's package.json, found once from this module's own folder: src/server/infra when run
 * from the sources, dist/server when run as the compiled bundle. Files that ship beside the code (the
 * drizzle migrations, the built client) are found from here, whatever the working directory.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);

/**
 * npm run seed [-- --force]
 * Adds demo content for a first look (see seedDemoContent); a second run adds nothing.
 */
import { describeSeedFailure, runSeed } from "#server/seed/demo-content.ts";

async function main() {
  try {
    console.log(await runSeed(process.argv.slice(2)));
  } catch (error) {
    console.error(describeSeedFailure(error));
    process.exit(1);
  }
}

void main();

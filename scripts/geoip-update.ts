/**
 * npm run geoip:update (in a container: node dist/server/geoip-update.js)
 * Fetches GeoLite2-City with MAXMIND_LICENSE_KEY and replaces GEOIP_DB_PATH (see runGeoipUpdate).
 */
import { describeGeoipUpdateFailure, runGeoipUpdate } from "#server/infra/geoip-update.ts";

async function main() {
  try {
    console.log(await runGeoipUpdate());
  } catch (error) {
    console.error(describeGeoipUpdateFailure(error));
    process.exit(1);
  }
}

void main();

/**
 * npm run create-admin -- --email E --password P [--name N] [--role owner|admin]
 * Creates the account with an admin role, or promotes the existing one (see runCreateAdmin).
 */
import { describeCreateAdminFailure, runCreateAdmin } from "#server/features/auth/index.ts";

async function main() {
  try {
    console.log(await runCreateAdmin(process.argv.slice(2)));
  } catch (error) {
    console.error(describeCreateAdminFailure(error));
    process.exit(1);
  }
}

void main();

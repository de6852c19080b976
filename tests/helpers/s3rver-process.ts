// Runs s3rver in its own process (see s3-server.ts): `<directory> <bucket>`; reports its port over IPC.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket || !process.send) throw new Error("usage: fork s3rver-process.ts <directory> <bucket>");
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.send({ port });
// The test process is gone (finished or crashed): leave no server behind.
process.on("disconnect", () => process.exit(0));

// The S3-compatible server of the tests (tests/helpers/s3-test-server.ts) in a process of its own:
// node --openssl-legacy-provider s3rver-process.mjs {port} {directory} {bucket}
// s3rver makes ListObjectsV2's continuation tokens with DES, which OpenSSL 3 has only in its legacy
// provider; a process of its own also lets a test stop the bucket and start it again.
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.stdout.write(`listening ${address.port}\n`);
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});

/**
 * Moves the local file store (DATA_DIR/files) into the S3 bucket the environment configures, under the
 * same keys, before switching a platform to STORAGE=s3. Reads the same variables as the server
 * (DATA_DIR, STORAGE=s3, S3_BUCKET, S3_ENDPOINT…). Safe to run again: files already in the bucket at the
 * same size are skipped, so a second run after the server is stopped catches anything uploaded meanwhile.
 *
 *   node apps/server/dist/move-files-to-s3.js [--remove-local]
 *
 * --remove-local deletes each local file once its copy in the bucket is confirmed.
 */
import { ConfigError, loadConfig } from './config';
import { openBlobStore } from './lib/open-blob-store';
import { moveLocalFiles } from './services/storage-move.service';

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--remove-local');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(' ')}; usage: move-files-to-s3 [--remove-local]`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (config.STORAGE !== 's3') {
    console.error('Set STORAGE=s3 and the S3_ variables of the target bucket (the files are read from DATA_DIR).');
    return 2;
  }
  const target = await openBlobStore(config);
  try {
    console.log(`moving ${config.filesDir} into s3://${config.S3_BUCKET}/${config.S3_PREFIX}`);
    const report = await moveLocalFiles({
      filesDir: config.filesDir,
      target,
      removeLocal: args.includes('--remove-local'),
      log: (line) => console.log(line),
    });
    console.log(
      `copied ${report.copied}, already there ${report.skipped}, local copies removed ${report.removedLocal}, failed ${report.failed.length}`,
    );
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    await target.close();
  }
}

process.exitCode = await run();

import type { Config } from '../config';
import { type BlobStore, createLocalBlobStore } from './blob-store';

/** The blob store `STORAGE` names: DATA_DIR/files on local disk, or the configured S3 bucket. */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.STORAGE !== 's3' || !config.S3_BUCKET) return createLocalBlobStore(config.filesDir);
  // Loaded only for S3 storage: the build bundles the AWS SDK into this chunk alone.
  const { createS3BlobStore } = await import('./s3-blob-store');
  return createS3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
    redirectSeconds: config.S3_DOWNLOADS === 'redirect' ? config.S3_PRESIGN_SECONDS : null,
  });
}

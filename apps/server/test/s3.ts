import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

/** Whether this run keeps files in S3 (the api-s3 project) rather than on local disk. */
export const onS3 = process.env.TEST_STORAGE === 's3';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function s3Client(): S3Client {
  return new S3Client({ endpoint: inject('s3Endpoint'), region: 'us-east-1', forcePathStyle: true, credentials });
}

/** A fresh bucket on the run's S3 server, and the environment that points an app at it. */
export async function createTestBucket(): Promise<{ bucket: string; env: Record<string, string> }> {
  const bucket = `flagpole-${randomBytes(6).toString('hex')}`;
  const client = s3Client();
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return { bucket, env: bucketEnv(bucket) };
}

/** The environment that points an app at a bucket of the run's S3 server. */
export function bucketEnv(bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
}

/** Every key in a bucket. */
export async function bucketKeys(bucket: string): Promise<string[]> {
  const client = s3Client();
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (page.Contents ?? []).map((item) => item.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

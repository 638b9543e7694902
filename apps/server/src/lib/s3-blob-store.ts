import { createReadStream } from 'node:fs';
import { rm, stat as statFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type BlobStore, checkKey, checkPrefix, type StoredObject } from './blob-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2…); AWS itself when absent. */
  endpoint?: string | undefined;
  /** `bucket` in the path rather than the host name (most self-hosted services want this). */
  forcePathStyle: boolean;
  /** Static credentials; the SDK's own chain (environment, profile, instance or pod role) when absent. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Prepended to every key, so one bucket can hold several platforms or other data. */
  prefix: string;
  /** Downloads: streamed through the platform, or redirected to a presigned URL valid this long. */
  redirectSeconds: number | null;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Objects in one bucket of S3-compatible storage, with the official AWS SDK. */
export function createS3BlobStore(options: S3StoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (trailing checksums in aws-chunked uploads)
    // is not understood by many S3-compatible services, which would store the chunk framing as content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage service that stops answering fails the request instead of holding it forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => options.prefix + checkKey(key);

  async function stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    stat,
    async putFile(key, localPath, contentType, options) {
      const { size } = await statFile(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      if (!options?.keepLocal) await rm(localPath, { force: true });
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      const Prefix = options.prefix + checkPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          found.push({
            key: item.Key.slice(options.prefix.length),
            size: item.Size ?? 0,
            modifiedMs: item.LastModified?.getTime() ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async remove(key) {
      // S3 deletes answer the same whether or not the object was there.
      if (!(await stat(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      return true;
    },
    async downloadUrl(key, response) {
      if (options.redirectSeconds === null) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.disposition,
      });
      return getSignedUrl(client, command, { expiresIn: options.redirectSeconds });
    },
    async close() {
      client.destroy();
    },
  };
}

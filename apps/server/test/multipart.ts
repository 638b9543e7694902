export interface FilePart {
  field: string;
  fileName: string;
  contentType?: string;
  content: Buffer;
}

/** A multipart/form-data body with the given file parts, as a browser would send it. */
export function multipartFiles(parts: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----flagpole${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  return { body: Buffer.concat([...chunks, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart/form-data body with one file part, as a browser would send it. */
export function multipartBody(
  field: string,
  fileName: string,
  contentType: string,
  content: Buffer,
): { body: Buffer; contentType: string } {
  return multipartFiles([{ field, fileName, contentType, content }]);
}

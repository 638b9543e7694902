/** A multipart/form-data body with one file part, as a browser would send it. */
export function multipartBody(
  field: string,
  fileName: string,
  contentType: string,
  content: Buffer,
): { body: Buffer; contentType: string } {
  const boundary = `----flagpole${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

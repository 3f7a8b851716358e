// A large multipart upload (a return's unboxing video, product media) read as it streams in: each file
// is written to a temporary folder as its bytes arrive and handed on as a Blob backed by that file, so
// the process holds a few chunks of it at a time, never the whole body (issue 21). Text fields are kept
// in memory, capped. The folder is removed once the page has handled the form (PostedForm.dispose).
// Parsing is @fastify/busboy's (decision 0099-uploads-stream-to-disk).
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Busboy } from '@fastify/busboy';

/** Text fields: how many, and how long each may be (a return's description is at most 2 000 characters). */
const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FILES = 20;

export interface StreamedForm {
  data: FormData;
  /** Removes the temporary files (the Blobs can no longer be read after it). */
  dispose(): Promise<void>;
}

/**
 * Reads a multipart/form-data body into FormData with its files on disk. The body's total size was
 * capped at the boundary; a body that breaks off or is malformed rejects (and leaves nothing behind).
 */
export async function readMultipartToDisk(request: Request): Promise<StreamedForm> {
  const contentType = request.headers.get('content-type') ?? '';
  const folder = await mkdtemp(path.join(os.tmpdir(), 'store-upload-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    // Entries in the order they were sent (a file is ready only once written).
    const entries: Promise<[string, string | File]>[] = [];
    const parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: MAX_FILES },
    });
    parser.on('field', (name, value) => entries.push(Promise.resolve([name, value])));
    const files: Readable[] = [];
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      files.push(stream);
      const file = path.join(folder, String(entries.length));
      const written = pipeline(stream, createWriteStream(file)).then(async (): Promise<[string, File]> => {
        const blob = await openAsBlob(file, { type: mimeType });
        return [name, new File([blob], filename || 'upload', { type: mimeType })];
      });
      // A body that breaks off fails its file too; that failure is the body's, reported below.
      written.catch(() => {});
      entries.push(written);
    });
    const body = request.body
      ? Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>)
      : Readable.from([]);
    await pipeline(body, parser)
      .catch((error: unknown) => {
        // A body that fails midway (the client went away, or it passed its cap) ends the file being
        // written too; busboy would leave it open, and the form would wait on it for ever.
        for (const file of files) file.destroy(error as Error);
        throw error;
      })
      .finally(() => Promise.allSettled(entries));
    const data = new FormData();
    for (const [name, value] of await Promise.all(entries)) data.append(name, value);
    return { data, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

// Post-build step (an Astro integration, so every `astro build` runs it): writes a brotli (.br) and a
// gzip (.gz) twin beside each compressible file of the client build, at maximum quality, for the serve
// layer (scripts/serve/fast-responses.mjs) to send as they are. Pre-rendered pages included.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|xml|txt|webmanifest|map|ico)$/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

export async function precompressFolder(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  for (const file of files) {
    const source = fs.readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A twin that is not smaller is not worth sending.
    if (br.length < source.length) {
      fs.writeFileSync(`${file}.br`, br);
      written++;
    }
    if (gz.length < source.length) {
      fs.writeFileSync(`${file}.gz`, gz);
      written++;
    }
  }
  return written;
}

export default function precompress() {
  return {
    name: 'store:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const written = await precompressFolder(fileURLToPath(dir));
        logger.info(`${written} precompressed files (brotli + gzip)`);
      },
    },
  };
}

// A Vite plugin (astro.config.mjs): `virtual:vitals-reporter-url` is the URL of the web-vitals reporter
// (./measure.ts) built as a chunk of its own, so ./vitals-boot can add it to the page as a plain
// <script type="module" src> once the page is idle. A dynamic import() would make the build put Vite's
// module-preload loader in the boot script, which would then load with every page.
import { fileURLToPath } from 'node:url';

const VIRTUAL = 'virtual:vitals-reporter-url';
const RESOLVED = `\0${VIRTUAL}`;
const ENTRY = fileURLToPath(new URL('./measure.ts', import.meta.url));

export default function vitalsReporterUrl() {
  let building = false;
  return {
    name: 'store:vitals-reporter-url',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      // The development server compiles the source on request.
      if (!building || this.environment?.config.consumer !== 'client')
        return `export default ${JSON.stringify('/src/features/vitals/measure.ts')};`;
      const reference = this.emitFile({ type: 'chunk', id: ENTRY });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

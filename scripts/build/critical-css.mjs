// Post-build step (an Astro integration; decision 0120-critical-css-by-class): indexes each stylesheet of
// the client build rule by rule (src/server/http/critical-css.ts), writes the index beside the server
// (dist/server/critical-css.json, read by the pages rendered on request) and gives every pre-rendered
// page its critical CSS inline, with the style's hash added to that page's Content-Security-Policy in
// _headers.json. Runs before the precompress step, so the .br/.gz twins are of the final pages.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { classesNeeded, inlineCriticalCss, withCspSource } from '../../src/server/http/critical-css.ts';

export const CRITICAL_CSS_INDEX = 'critical-css.json';

/** The rules of a stylesheet in source order, each with its at-rule wrapping and the classes it needs. */
export function indexStylesheet(css) {
  const rules = [];
  const walk = (nodes, wrap) => {
    for (const node of nodes) {
      if (node.type === 'comment') continue;
      if (node.type === 'rule') rules.push({ wrap, css: node.toString(), needs: classesNeeded(node.selector) });
      else if (node.type === 'atrule' && node.nodes && ['media', 'supports', 'layer', 'container'].includes(node.name))
        walk(node.nodes, `${wrap}@${node.name}${node.params ? ` ${node.params}` : ''}{`);
      // @keyframes, @property, @font-face and statements (@layer a,b;): kept whole, always.
      else if (node.type === 'atrule')
        rules.push({ wrap, css: node.nodes ? node.toString() : `${node}${';'}`, needs: null });
    }
  };
  walk(postcss.parse(css).nodes, '');
  return rules;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export default function criticalCss() {
  let clientDir;
  let serverDir;
  return {
    name: 'store:critical-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': ({ logger }) => {
        const assets = path.join(clientDir, '_astro');
        const stylesheets = Object.fromEntries(
          fs
            .readdirSync(assets)
            .filter((name) => name.endsWith('.css'))
            .map((name) => [`/_astro/${name}`, indexStylesheet(fs.readFileSync(path.join(assets, name), 'utf8'))]),
        );
        fs.writeFileSync(path.join(serverDir, CRITICAL_CSS_INDEX), JSON.stringify(stylesheets));

        const headersFile = path.join(path.dirname(clientDir), '_headers.json');
        const headers = fs.existsSync(headersFile) ? JSON.parse(fs.readFileSync(headersFile, 'utf8')) : [];
        const pages = fs
          .readdirSync(clientDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.html'));
        let inlined = 0;
        for (const entry of pages) {
          const file = path.join(entry.parentPath, entry.name);
          const { html, style } = inlineCriticalCss(fs.readFileSync(file, 'utf8'), stylesheets);
          if (style == null) continue;
          fs.writeFileSync(file, html);
          inlined++;
          const relative = path.relative(clientDir, file).split(path.sep).join('/');
          const route = `/${relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
          for (const { pathname, headers: list } of headers) {
            if (pathname !== route) continue;
            for (const header of list)
              if (header.key.toLowerCase() === 'content-security-policy')
                header.value = withCspSource(header.value, 'style-src', sha256(style));
          }
        }
        if (headers.length > 0) fs.writeFileSync(headersFile, JSON.stringify(headers));
        logger.info(`${inlined} pre-rendered pages with their critical CSS inline`);
      },
    },
  };
}

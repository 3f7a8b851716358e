import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { indexStylesheet } from '../../../scripts/build/critical-css.mjs';
import { AFTER_LOAD_SCRIPT, AFTER_LOAD_TYPE } from './after-load';
import { classesNeeded, criticalCss, inlineCriticalCss, pageClasses, withCspSource } from './critical-css';

// A slice of what Tailwind 4 writes, minified as the build does.
const STYLESHEET =
  '@layer theme,base,components,utilities;' +
  '@layer theme{:root,:host{--color-leaf-700:#24542d}}' +
  '@layer base{*,:after,:before{box-sizing:border-box}}' +
  '@layer utilities{.flex{display:flex}.hidden{display:none}.js\\:opacity-0:where(.js *){opacity:0}' +
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}' +
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}' +
  '@media (min-width:40rem){.sm\\:grid{display:grid}.\\32 xl\\:p-4{padding:1rem}}}' +
  '@keyframes spin{to{transform:rotate(360deg)}}' +
  '@property --tw-shadow{syntax:"*";inherits:false}';

const page = (body: string, head = '<link rel="stylesheet" href="/_astro/global.abc.css">') =>
  `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;

describe('classesNeeded', () => {
  it('reads Tailwind’s escaped class names', () => {
    expect(classesNeeded('.sm\\:grid')).toEqual([['sm:grid']]);
    expect(classesNeeded('.\\32 xl\\:p-4')).toEqual([['2xl:p-4']]);
    expect(classesNeeded('.w-1\\/2')).toEqual([['w-1/2']]);
  });

  it('needs every class of a selector, any one selector of a list, and nothing inside :not()', () => {
    expect(classesNeeded('.group-hover\\:underline:is(:where(.group):hover *)')).toEqual([
      ['group-hover:underline', 'group'],
    ]);
    expect(classesNeeded('.a,.b .c')).toEqual([['a'], ['b', 'c']]);
    expect(classesNeeded('.space-y-2>:not(:last-child)')).toEqual([['space-y-2']]);
    expect(classesNeeded('.a:not(.b)')).toEqual([['a']]);
  });

  it('keeps what it cannot read as plain class needs: no class, or alternatives', () => {
    expect(classesNeeded('html,:host')).toBeNull();
    expect(classesNeeded('.a,body')).toBeNull();
    expect(classesNeeded('.x:is(.a,.b)')).toBeNull();
  });
});

describe('critical CSS of a page', () => {
  const rules = indexStylesheet(STYLESHEET);

  it('holds the rules of the classes the page uses, and what every page needs', () => {
    const css = criticalCss(rules, pageClasses(page('<div class="flex sm:grid"><img class="js:opacity-0"></div>')));
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('@media (min-width:40rem){.sm\\:grid{display:grid}}');
    expect(css).toContain(':root,:host{--color-leaf-700:#24542d}');
    expect(css).toContain('box-sizing:border-box');
    expect(css).toContain('@layer theme,base,components,utilities;');
    expect(css).toContain('@keyframes spin');
    // <html class="js"> is the head script's, there before the first paint though not in the HTML.
    expect(css).toContain('.js\\:opacity-0:where(.js *){opacity:0}');
  });

  it('leaves out the rules of classes the page does not use', () => {
    const css = criticalCss(rules, pageClasses(page('<div class="flex">x</div>')));
    expect(css).not.toContain('.hidden');
    expect(css).not.toContain('sm\\:grid');
    expect(css).not.toContain('2xl');
    expect(css).not.toContain('group-hover');
  });

  it('closes every at-rule it opens', () => {
    const css = criticalCss(rules, pageClasses(page('<div class="flex hidden sm:grid 2xl:p-4">x</div>')));
    expect(css.split('{').length).toBe(css.split('}').length);
    expect(css).toContain('@media (min-width:40rem){.sm\\:grid{display:grid}.\\32 xl\\:p-4{padding:1rem}}');
  });
});

describe('inlineCriticalCss', () => {
  const stylesheets = { '/_astro/global.abc.css': indexStylesheet(STYLESHEET) };

  it('puts the critical CSS in the head and the stylesheet after the load, with a fallback without scripts', () => {
    const { html, style } = inlineCriticalCss(page('<p class="flex">x</p>'), stylesheets);
    expect(style).toContain('.flex{display:flex}');
    expect(html).toContain(`<style>${style}</style>`);
    expect(html).toContain(`<script data-stylesheet="/_astro/global.abc.css">${AFTER_LOAD_SCRIPT}</script>`);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/_astro/global.abc.css"></noscript>');
    expect(html).not.toMatch(/<link rel="stylesheet" href="\/_astro\/global\.abc\.css">(?!<\/noscript>)/);
  });

  it('holds the components’ scripts and the server islands until the load, and leaves other scripts alone', () => {
    const island =
      'const headers = new Headers({});\nlet response = await fetch("/_server-islands/AccountMenu?e=A%3D&p=&s=", { headers });replaceServerIsland("7f", response);';
    const { html } = inlineCriticalCss(
      page(
        '<p class="flex">x</p><script type="module" src="/_astro/Cart.js"></script><script type="module">go()</script>' +
          `<!--[if astro]>server-island-start<![endif]--><a href="/dashboard">Account</a><script type="module" data-astro-rerun data-island-id="7f">${island}</script>`,
        '<link rel="stylesheet" href="/_astro/global.abc.css"><link rel="preload" as="fetch" href="/_server-islands/AccountMenu?e=A%3D&amp;p=&amp;s=" crossorigin="anonymous">',
      ),
      stylesheets,
    );
    expect(html).toContain(`<script type="${AFTER_LOAD_TYPE}" src="/_astro/Cart.js"></script>`);
    expect(html).toContain('<script type="module">go()</script>');
    // The island's script text is Astro's, byte for byte: its hash in the Content-Security-Policy holds.
    expect(html).toContain(`<script type="${AFTER_LOAD_TYPE}" data-astro-rerun data-island-id="7f">${island}</script>`);
    expect(html).toContain('<a href="/dashboard">Account</a>');
    expect(html).not.toContain('as="fetch"');
  });

  it('leaves a page alone that links no known stylesheet, or more than one', () => {
    for (const html of [
      page('<p class="flex">x</p>', ''),
      page('<p>x</p>', '<link rel="stylesheet" href="/_astro/other.css">'),
      page(
        '<p>x</p>',
        '<link rel="stylesheet" href="/_astro/global.abc.css"><link rel="stylesheet" href="/_astro/global.abc.css">',
      ),
    ])
      expect(inlineCriticalCss(html, stylesheets)).toEqual({ html, style: null });
  });
});

describe('withCspSource', () => {
  it('adds the style’s hash to style-src only', () => {
    const hash = `'sha256-${createHash('sha256').update('a{}').digest('base64')}'`;
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self' 'sha256-y'; style-src-attr 'unsafe-inline'";
    expect(withCspSource(policy, 'style-src', hash)).toBe(
      `default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self' 'sha256-y' ${hash}; style-src-attr 'unsafe-inline'`,
    );
  });
});

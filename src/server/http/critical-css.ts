// Critical CSS (issue 22 part 2, decision 0120-critical-css-by-class): a page's first paint waits for no
// stylesheet. Its <head> carries the rules of the shared stylesheet that the page's own HTML can use, and
// the whole stylesheet follows once the page has loaded (./after-load.ts, with the components' scripts and
// the server islands; <noscript> keeps the plain link for browsers without JavaScript).
//
// The stylesheet is Tailwind's: almost every rule is picked by classes, so "can this rule match this
// page?" is "does the page's HTML carry every class the selector needs?". The build indexes each rule
// once (indexStylesheet, with postcss); a page then costs a scan of its class attributes and a filter,
// about a millisecond, so pages rendered on request get it too (middleware), not only the pre-rendered.
// A rule is dropped only when a class it needs is absent, so the kept set errs on the side of more.

import { AFTER_LOAD_PATTERN, AFTER_LOAD_SCRIPT, afterLoadReplacement } from './after-load';

/** One rule of the stylesheet, in source order: its text, where it sits and the classes it needs. */
export interface IndexedRule {
  /** The at-rules around it, opened: '@layer utilities{@media (width>=40rem){'; '' at the top. */
  wrap: string;
  css: string;
  /** Any one of these class sets present on the page lets the rule match; null: always kept. */
  needs: string[][] | null;
}

/** Classes that scripts in <head> add before the first paint (image-fallback.ts marks <html class="js">). */
const ADDED_BY_SCRIPT = ['js'];

const CSS_ESCAPE = /\\([0-9a-fA-F]{1,6} ?|[^0-9a-fA-F\n])/g;
const unescapeCss = (text: string) =>
  text.replace(CSS_ESCAPE, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(Number.parseInt(escaped, 16)) : escaped,
  );

/** Splits at commas outside parentheses and brackets. */
function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const char = selectorList[i];
    if (char === '\\') i++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

/** The selector without the insides of :not(…), which never require a class to be present. */
function withoutNegations(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(':not(', i)) {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === '\\') j++;
        else if (selector[j] === '(') depth++;
        else if (selector[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    out += selector[i];
    if (selector[i] === '\\') out += selector[++i] ?? '';
    i++;
  }
  return out;
}

const CLASS_IN_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^\n]|[\w-])+)/g;

/**
 * The class sets a selector list needs (one per selector), or null when one of its selectors needs no
 * class or offers alternatives (:is(.a, .b)) this simple reading would get wrong: such a rule is kept.
 */
export function classesNeeded(selectorList: string): string[][] | null {
  const sets: string[][] = [];
  for (const selector of splitTopLevel(selectorList)) {
    const positive = withoutNegations(selector);
    if (/:(?:is|where|has)\([^)]*,/.test(positive)) return null;
    const classes = [...positive.matchAll(CLASS_IN_SELECTOR)].map((match) => unescapeCss(match[1] ?? ''));
    if (classes.length === 0) return null;
    sets.push(classes);
  }
  return sets;
}

/** Every class the HTML's class attributes name, and those the head's scripts add. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set(ADDED_BY_SCRIPT);
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    for (const name of (match[1] ?? match[2] ?? '').split(/\s+/)) if (name) classes.add(decodeEntities(name));
  }
  return classes;
}

const decodeEntities = (text: string) =>
  text.includes('&')
    ? text.replace(
        /&(amp|quot|#39|#x27|lt|gt);/g,
        (_, entity: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[entity] ?? '',
      )
    : text;

/** The stylesheet's rules a page with these classes can use, in source order, same-wrapped ones merged. */
export function criticalCss(rules: IndexedRule[], classes: Set<string>): string {
  let css = '';
  let openWrap = '';
  for (const rule of rules) {
    if (rule.needs && !rule.needs.some((set) => set.every((name) => classes.has(name)))) continue;
    if (rule.wrap !== openWrap) {
      css += closing(openWrap) + rule.wrap;
      openWrap = rule.wrap;
    }
    css += rule.css;
  }
  return css + closing(openWrap);
}

const closing = (wrap: string) => '}'.repeat(wrap.split('{').length - 1);

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/;
/** The stylesheet's link and what waits for the page's load, in one pass over the page. */
const PAGE_PASS = new RegExp(`${STYLESHEET_LINK.source}|${AFTER_LOAD_PATTERN.source}`, 'g');

/**
 * The page with its critical CSS in a <style> where its stylesheet link was, and that stylesheet, the
 * components' scripts and the server islands asked for once the page has loaded (./after-load.ts);
 * `style` is the inlined text (for the Content-Security-Policy's hash). The page as it was (and null)
 * when it links no stylesheet the index knows, or more than one.
 */
export function inlineCriticalCss(
  html: string,
  stylesheets: Record<string, IndexedRule[]>,
): { html: string; style: string | null } {
  const links = html.match(new RegExp(STYLESHEET_LINK.source, 'g')) ?? [];
  const href = links.length === 1 ? STYLESHEET_LINK.exec(html)?.[1] : undefined;
  const rules = href ? stylesheets[href] : undefined;
  if (!href || !rules) return { html, style: null };
  const style = criticalCss(rules, pageClasses(html));
  const head =
    `<style>${style}</style>` +
    `<script data-stylesheet="${href}">${AFTER_LOAD_SCRIPT}</script>` +
    `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  const page = html.replace(PAGE_PASS, (match, link?: string) => (link ? head : afterLoadReplacement(match)));
  return { html: page, style };
}

/** Adds a source (a quoted hash) to one directive of a Content-Security-Policy header's value. */
export function withCspSource(policy: string, directive: string, source: string): string {
  const parts = policy.split(';');
  const index = parts.findIndex((part) => part.trim().split(/\s+/)[0] === directive);
  if (index === -1) return policy;
  parts[index] = `${parts[index]?.trimEnd()} ${source}`;
  return parts.join(';');
}

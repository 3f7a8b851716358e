// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initMenus } from './menus';

const markup = `
  <div data-menu id="mobile">
    <button aria-controls="mobile-panel" aria-expanded="false" aria-label="Open menu" data-label-collapsed="Open menu" data-label-expanded="Close menu"></button>
    <div id="mobile-panel" hidden><a href="#a">A</a></div>
  </div>
  <ul>
    <li data-menu data-menu-hover id="shop">
      <a href="/shop-all">Shop All</a>
      <button aria-controls="shop-panel" aria-expanded="false" aria-label="Shop All menu"></button>
      <div id="shop-panel" hidden><a href="#b">All products</a></div>
    </li>
  </ul>
  <p id="outside" tabindex="-1">page</p>`;

const el = <T extends HTMLElement = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const shopButton = () => el<HTMLButtonElement>('[aria-controls=shop-panel]');
const mobileButton = () => el<HTMLButtonElement>('[aria-controls=mobile-panel]');
const pointer = (type: string, pointerType: string) => Object.assign(new Event(type), { pointerType });

beforeEach(() => {
  document.body.innerHTML = markup;
  initMenus(document);
});
afterEach(() => vi.useRealTimers());

describe('header menus', () => {
  it('a click toggles the panel and aria-expanded', () => {
    shopButton().click();
    expect(shopButton().getAttribute('aria-expanded')).toBe('true');
    expect(el('#shop-panel').hidden).toBe(false);
    shopButton().click();
    expect(shopButton().getAttribute('aria-expanded')).toBe('false');
    expect(el('#shop-panel').hidden).toBe(true);
  });

  it('swaps the hamburger name between Open menu and Close menu', () => {
    mobileButton().click();
    expect(mobileButton().getAttribute('aria-label')).toBe('Close menu');
    mobileButton().click();
    expect(mobileButton().getAttribute('aria-label')).toBe('Open menu');
  });

  it('Escape closes and returns focus to the button when focus was inside', () => {
    shopButton().click();
    el('#shop-panel a').focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(el('#shop-panel').hidden).toBe(true);
    expect(document.activeElement).toBe(shopButton());
  });

  it('closes on an outside click and on following a link, and only one menu is open at a time', () => {
    shopButton().click();
    el('#outside').click();
    expect(el('#shop-panel').hidden).toBe(true);

    mobileButton().click();
    shopButton().click();
    expect(el('#mobile-panel').hidden).toBe(true);
    el('#shop-panel a').click();
    expect(el('#shop-panel').hidden).toBe(true);
  });

  it('opens on mouse hover only, closes after the pointer leaves, and a click keeps a hovered menu open', () => {
    vi.useFakeTimers();
    el('#shop').dispatchEvent(pointer('pointerenter', 'touch'));
    expect(el('#shop-panel').hidden).toBe(true);

    el('#shop').dispatchEvent(pointer('pointerenter', 'mouse'));
    expect(el('#shop-panel').hidden).toBe(false);
    el('#shop').dispatchEvent(pointer('pointerleave', 'mouse'));
    vi.runAllTimers();
    expect(el('#shop-panel').hidden).toBe(true);

    el('#shop').dispatchEvent(pointer('pointerenter', 'mouse'));
    shopButton().click();
    el('#shop').dispatchEvent(pointer('pointerleave', 'mouse'));
    vi.runAllTimers();
    expect(el('#shop-panel').hidden).toBe(false);
  });

  it('closes when focus moves out of the menu', () => {
    shopButton().click();
    el('#shop-panel a').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: el('#outside') }));
    expect(el('#shop-panel').hidden).toBe(true);
  });
});

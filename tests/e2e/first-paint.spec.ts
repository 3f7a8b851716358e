// First paint waits for no stylesheet (issue 22 part 2): the page's own rules are inline, and the whole
// stylesheet follows at the lowest priority, applying to the screen once it has loaded; without
// JavaScript the <noscript> link applies it. No timings here: the bench measures first paint.
import { expect, test } from "@playwright/test";

test("the whole stylesheet loads at low priority beside the inline rules and then applies to the screen", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ request }) =>
    priorities.set(new URL(request.url).pathname, request.initialPriority),
  );

  await page.goto("/");
  const stylesheet = page.locator("link[data-deferred-style]");
  await expect(stylesheet).toHaveAttribute("media", "all");
  const href = (await stylesheet.getAttribute("href")) ?? "";
  expect(
    priorities.get(href),
    "the stylesheet is not fetched at a priority that competes with the page",
  ).toMatch(/^(VeryLow|Low)$/);

  // Measured as text: both sheets open with a few @layer blocks holding the rules.
  const rules = await page.evaluate(() => {
    const text = (sheet?: CSSStyleSheet | null) =>
      [...(sheet?.cssRules ?? [])].map((rule) => rule.cssText).join("");
    const deferred = document.querySelector<HTMLLinkElement>(
      "link[data-deferred-style]",
    )?.sheet;
    const inline = [...document.styleSheets]
      .map(text)
      .filter(
        (_, i) =>
          document.styleSheets[i]?.ownerNode instanceof HTMLStyleElement,
      );
    return {
      deferred: text(deferred).length,
      inline: Math.max(0, ...inline.map((css) => css.length)),
    };
  });
  expect(
    rules.inline,
    "the page carries its critical rules inline",
  ).toBeGreaterThan(0);
  expect(
    rules.deferred,
    "the whole stylesheet, more than the inline part, applies",
  ).toBeGreaterThan(rules.inline);

  // A rule the page's first HTML does not use (so not inline) styles what arrives later.
  const added = await page.evaluate(() => {
    const probe = document.createElement("p");
    probe.className = "line-through";
    document.body.append(probe);
    return getComputedStyle(probe).textDecorationLine;
  });
  expect(added).toBe("line-through");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the stylesheet applies through its plain link", async ({ page }) => {
    await page.goto("/");
    const applied = await page.evaluate(() =>
      [...document.styleSheets].some(
        (sheet) =>
          sheet.href?.includes("/_astro/") && sheet.media.mediaText !== "print",
      ),
    );
    expect(applied).toBe(true);
  });
});

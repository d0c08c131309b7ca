import type { Page } from '@playwright/test';

/** A control that cannot be fully seen in the window, said as a person would find it. */
export interface CutControl {
  name: string;
  box: { x: number; y: number; right: number; bottom: number };
}

/**
 * Every visible control (buttons, fields, tabs, links) under `root` whose bounding box is not wholly
 * inside the viewport. Controls in a scrolling list are measured by that list instead: the list must
 * be inside the window (its rows are reached by scrolling).
 */
export async function cutControls(page: Page, root = 'body'): Promise<CutControl[]> {
  return page.evaluate((rootSelector) => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const scrolls = (element: Element) => {
      const style = getComputedStyle(element);
      const y = /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      const x = /(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      return x || y;
    };
    const measured = new Set<Element>();
    for (const control of document.querySelectorAll(
      `${rootSelector} :is(button, input:not([type=hidden]), select, textarea, a[href]:not(.skip-link), [role=tab], [role=button], [role=combobox])`,
    )) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden') continue;
      let target: Element = control;
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrolls(parent)) {
          target = parent;
          break;
        }
      }
      measured.add(target);
    }
    const cut: { name: string; box: { x: number; y: number; right: number; bottom: number } }[] = [];
    for (const element of measured) {
      const rect = element.getBoundingClientRect();
      if (rect.left < -0.5 || rect.top < -0.5 || rect.right > width + 0.5 || rect.bottom > height + 0.5) {
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('data-testid') ??
          (element.textContent ?? '').trim().slice(0, 40) ??
          element.tagName;
        cut.push({
          name: `${element.tagName.toLowerCase()} "${name}"`,
          box: { x: rect.left, y: rect.top, right: rect.right, bottom: rect.bottom },
        });
      }
    }
    return cut;
  }, root);
}
